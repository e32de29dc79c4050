"""A Pleasant Journey to Neko — the rules engine, one module per rulebook section (see state.py)."""
from .facts import (ACTIVATION, CATEGORIES, DICE, EXCHANGES, LANE_SHIFT, MAX_LANES, POSITIONS_PER_EDGE,
                    R_ACTION, R_ACTIVATE, R_ADVANCED, R_BID, R_ADV_CARDS, R_ADV_SETUP, R_CARDS, R_COURSE, R_DRAFT, R_FINAL,
                    R_FISH, R_FREE, R_GAME_END, R_INCOME, R_MARKET, R_MIDGAME, R_ORDER, R_PLACE, R_PREPARE,
                    R_DIE_ON_SHIP, R_NEW_BID, R_ON_BIDDING, R_RESOLVE, R_REWARDS, R_SETUP,
                    R_SHIP_ON_DIE, ROUNDS, RULES, SELL_ITEMS, SLOTS, Act, bid_winner,
                    catch_fish_bonus, harbour_cost, next_turn_order, reward_options, ship_cost)
from .player_boards import Board
from .ship_lanes import Hub
from .state import GameState
from . import spaces
from neko_lab.core.spaces import declare

declare(GameState, spaces)     # action ids, observation tensor, limits (spaces.py)

__all__ = [
    "GameState", "Act", "Board", "Hub", "harbour_cost", "ship_cost", "next_turn_order", "bid_winner",
    "catch_fish_bonus", "reward_options", "ACTIVATION", "CATEGORIES", "DICE", "EXCHANGES", "LANE_SHIFT",
    "MAX_LANES", "POSITIONS_PER_EDGE", "ROUNDS", "RULES", "SELL_ITEMS", "SLOTS", "R_ACTION", "R_ACTIVATE",
    "R_ADVANCED", "R_BID", "R_ADV_CARDS", "R_ADV_SETUP", "R_CARDS", "R_COURSE", "R_DRAFT", "R_FINAL", "R_FISH", "R_FREE",
    "R_GAME_END", "R_INCOME", "R_MARKET", "R_MIDGAME", "R_ORDER", "R_PLACE", "R_PREPARE", "R_RESOLVE",
    "R_REWARDS", "R_SETUP", "R_DIE_ON_SHIP", "R_NEW_BID", "R_ON_BIDDING", "R_SHIP_ON_DIE",
]
