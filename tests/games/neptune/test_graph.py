"""The networkx models and public helpers."""
import networkx as nx
import pytest

from neko_lab.games.neptune import graph


def test_solar_system_graph():
    g = graph.solar_system()
    planets = [n for n, k in g.nodes(data="kind") if k == "planet"]
    assert len(planets) == 10
    assert g["Earth"]["Mars"]["fuel"] == 2 and g["Asteroid Belt"]["Jupiter"]["fuel"] == 3
    assert g.nodes["Callisto"]["planet"] == "Jupiter"
    assert nx.shortest_path_length(g, "Earth", "Jupiter", weight="fuel") == 7


def test_tech_tree_is_a_dag_with_the_three_roots():
    t = graph.tech_tree()
    assert nx.is_directed_acyclic_graph(t)
    assert {n for n in t if t.in_degree(n) == 0} == {"insulation", "slingshots", "fission"}


def test_requirements_include_prerequisites_in_research_order():
    need = graph.requirements("Triton", "colony")
    assert set(need) == {"fusion", "graviton", "fission", "shields", "insulation"}
    assert need.index("fission") < need.index("fusion") < need.index("graviton")
    assert graph.requirements("Mars Mineral Beds", "base") == []
    with pytest.raises(ValueError):
        graph.requirements("Triton", "castle")
