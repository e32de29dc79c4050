"""Destination: Neptune: the rules engine as a package, one module per rulebook section.

    state.py              GameState: set-up, observation, clone, invariants, DECISIONS
    turn.py               selling, playing a card, drawing, generations, the end of the game
    attract_investors.py, build.py, factories_produce.py, fuel_broker.py, research_missions.py,
    technology.py, scoring_card.py   one module per card
    fuel.py               fuel costs and speed;  any_time.py  the purchases allowed at any time
    awards.py             Diversification, Intrepid Spacefarer, end-of-game awards
    events.py             the optional Event rules
"""
from .any_time import BuyAccess, BuyFuel
from .attract_investors import CashFame
from .base import Pass
from .build import BuildAt
from .fuel import speed, trip_cost
from .fuel_broker import BrokerFuel
from .research_missions import Launch, MissionAccess
from .scoring_card import BuyVP, NextBuyer
from .state import GameState
from . import spaces
from neko_lab.core.spaces import declare

declare(GameState, spaces)     # action ids, observation tensor, limits (spaces.py)
from .technology import TakeTech
from .turn import Play, Sell

__all__ = ["BrokerFuel", "BuildAt", "BuyAccess", "BuyFuel", "BuyVP", "CashFame", "GameState", "Launch",
           "MissionAccess", "NextBuyer", "Pass", "Play", "Sell", "TakeTech", "speed", "trip_cost"]
