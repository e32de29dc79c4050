"""Draw any networkx graph with plotly: nodes coloured by an attribute, edges grouped by another,
hover text, arrows for directed graphs."""
from __future__ import annotations

import html
import numbers
from typing import Any, Callable, Hashable

import plotly.graph_objects as go

from ..core.errors import ConfigError
from .figures import PALETTE

ARROW_LIMIT = 400   # directed graphs with more edges are drawn without arrow heads


def _values(items, spec: str | Callable | dict | None, getter) -> list | None:
    """Per item values from an attribute name, a function of (item, attrs) or a dict item -> value."""
    if spec is None:
        return None
    if callable(spec):
        return [spec(item, getter(item)) for item in items]
    if isinstance(spec, dict):
        return [spec.get(item) for item in items]
    return [getter(item).get(spec) for item in items]


def _edge_values(edges: list, spec: str | Callable | dict | None) -> list | None:
    if spec is None:
        return None
    if callable(spec):
        return [spec((u, v), d) for u, v, d in edges]
    if isinstance(spec, dict):
        return [spec.get((u, v)) for u, v, _ in edges]
    return [d.get(spec) for _, _, d in edges]


def _is_numeric(values: list) -> bool:
    present = [v for v in values if v is not None]
    return bool(present) and all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in present)


def _positions(G, pos: Any, seed: int) -> dict[Hashable, tuple[float, float]]:
    import networkx as nx

    if pos is None:
        if G.number_of_nodes() == 0:
            return {}
        pos = nx.spring_layout(G, seed=seed)
    elif isinstance(pos, str):
        if hasattr(nx, f"{pos}_layout") and not all(pos in d for _, d in G.nodes(data=True)):
            try:
                pos = getattr(nx, f"{pos}_layout")(G)
            except ImportError as exc:      # kamada_kawai, spectral...: networkx computes them with scipy
                raise ConfigError(f"the {pos!r} layout needs {exc.name or 'a package'} (not a dependency "
                                  f"of neko_lab): install it, or use 'circular', 'shell' or the default "
                                  f"spring layout") from None
        else:
            missing = [n for n, d in G.nodes(data=True) if pos not in d]
            if missing:
                raise ConfigError(f"node {missing[0]!r} has no {pos!r} attribute to place it by")
            pos = {n: d[pos] for n, d in G.nodes(data=True)}
    elif callable(pos):
        pos = pos(G)
    missing = [n for n in G.nodes if n not in pos]
    if missing:
        raise ConfigError(f"no position for node {missing[0]!r}")
    return {n: (float(pos[n][0]), float(pos[n][1])) for n in G.nodes}


def _name(item: Any, attrs: dict) -> str:
    """What a person reads as a node's name: its `label` attribute when it has one (a graph whose node ids
    are engine numbers counted from 0 gives each node a label counted from 1), else the node itself."""
    label = attrs.get("label")
    return str(item) if label is None else str(label)


def _hover(item: Any, attrs: dict, hidden: set) -> str:
    lines = [f"<b>{html.escape(_name(item, attrs))}</b>"]
    lines += [f"{html.escape(str(k))}: {html.escape(str(v))}" for k, v in attrs.items()
              if k not in hidden]
    return "<br>".join(lines)


def draw_graph(G, pos: Any = None, node_color: str | Callable | dict | None = None,
               node_text: str | Callable | dict | None = None, edge_color: str | Callable | dict | None = None,
               edge_text: str | Callable | dict | None = None, node_size: float | str = 14,
               labels: bool = True, colorscale: str = "Viridis", arrows: bool | None = None,
               seed: int = 0, title: str | None = None) -> go.Figure:
    """A plotly figure of the networkx graph `G`.

    pos: node -> (x, y); or a node attribute holding it; or a networkx layout name ("circular", "shell";
    "kamada_kawai" needs scipy) or function; None uses a seeded spring layout.
    node_color / edge_color: an attribute name, a function (item, attrs) -> value or a dict. Numbers
    are drawn on `colorscale` (nodes get a colour bar); anything else as categories with a legend
    (edges: one trace per value, since a line trace has one colour).
    node_text: shown on hover (default: the node's name and its attributes); edge_text: hover text at edge
    midpoints. node_size: a number or a numeric node attribute. labels: write node names on the nodes.
    A node's name is its `label` attribute when it has one, else the node itself. Attributes listed in
    ``G.graph["internal"]`` (engine numbering kept for code, such as positions counted from 0) and
    `pos` / `label` are left out of the default hover.
    arrows: arrow heads for directed graphs (default: on when the graph is directed and not huge).
    """
    xy = _positions(G, pos, seed)
    nodes = list(G.nodes)
    node_attrs = lambda n: G.nodes[n]           # noqa: E731
    edges = list(G.edges(data=True))
    fig = go.Figure()

    # ---- edges, one trace per colour group
    ecol = _edge_values(edges, edge_color)
    groups: dict[Any, list[int]] = {}
    for i in range(len(edges)):
        groups.setdefault(ecol[i] if ecol is not None else None, []).append(i)
    numeric_edges = ecol is not None and _is_numeric(ecol)
    lo = min((v for v in (ecol or []) if v is not None), default=0) if numeric_edges else 0
    hi = max((v for v in (ecol or []) if v is not None), default=1) if numeric_edges else 1
    order = (lambda kv: (kv[0] is None, kv[0] if kv[0] is not None else 0)) if numeric_edges \
        else (lambda kv: str(kv[0]))
    for gi, (key, idx) in enumerate(sorted(groups.items(), key=order)):
        xs, ys = [], []
        for i in idx:
            u, v, _ = edges[i]
            xs += [xy[u][0], xy[v][0], None]
            ys += [xy[u][1], xy[v][1], None]
        if key is None:
            colour = "#999999"
        elif numeric_edges:
            from plotly.colors import sample_colorscale
            colour = sample_colorscale(colorscale, [(key - lo) / (hi - lo) if hi > lo else 0.5])[0]
        else:
            colour = PALETTE[gi % len(PALETTE)]
        name = "edges" if key is None else f"{edge_color if isinstance(edge_color, str) else 'edge'} = {key}"
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=colour, width=1.5),
                                 hoverinfo="skip", name=name, showlegend=key is not None,
                                 meta={"edges": [(str(edges[i][0]), str(edges[i][1])) for i in idx]}))

    directed = G.is_directed()
    if arrows is None:
        arrows = directed and len(edges) <= ARROW_LIMIT
    if arrows and directed:
        for u, v, _ in edges:
            fig.add_annotation(x=xy[v][0], y=xy[v][1], ax=xy[u][0], ay=xy[u][1], xref="x", yref="y",
                               axref="x", ayref="y", showarrow=True, arrowhead=2, arrowsize=1,
                               arrowwidth=1, standoff=8, arrowcolor="#777777", text="")

    etext = _edge_values(edges, edge_text)
    if etext is not None and edges:
        fig.add_trace(go.Scatter(
            x=[(xy[u][0] + xy[v][0]) / 2 for u, v, _ in edges], y=[(xy[u][1] + xy[v][1]) / 2 for u, v, _ in edges],
            mode="markers", marker=dict(size=6, opacity=0), text=[str(t) for t in etext],
            hoverinfo="text", name="edge labels", showlegend=False))

    # ---- nodes
    ncol = _values(nodes, node_color, node_attrs)
    ntext = _values(nodes, node_text, node_attrs)
    hidden = {"pos", "label", *G.graph.get("internal", ())}
    names = [_name(n, G.nodes[n]) for n in nodes]
    hover = [str(t) for t in ntext] if ntext is not None else [_hover(n, dict(G.nodes[n]), hidden) for n in nodes]
    if isinstance(node_size, str):
        sizes = _values(nodes, node_size, node_attrs)
        if not _is_numeric(sizes):
            raise ConfigError(f"node_size attribute {node_size!r} must be numeric on every node")
        top = max(sizes) or 1
        size: Any = [6 + 24 * (s or 0) / top for s in sizes]
    else:
        size = node_size
    mode = "markers+text" if labels else "markers"
    base = dict(mode=mode, textposition="top center", hoverinfo="text")
    if ncol is None or _is_numeric(ncol):
        marker: dict[str, Any] = dict(size=size, line=dict(width=1, color="#333333"))
        if ncol is None:
            marker["color"] = PALETTE[0]
        else:
            marker.update(color=[v if v is not None else float("nan") for v in ncol], colorscale=colorscale,
                          showscale=True, colorbar=dict(title=str(node_color) if isinstance(node_color, str) else ""))
        fig.add_trace(go.Scatter(x=[xy[n][0] for n in nodes], y=[xy[n][1] for n in nodes],
                                 text=names if labels else None, hovertext=hover,
                                 marker=marker, name="nodes", showlegend=False,
                                 customdata=[str(n) for n in nodes], **base))
    else:
        cats: dict[Any, list[int]] = {}
        for i, v in enumerate(ncol):
            cats.setdefault(v, []).append(i)
        for ci, (cat, idx) in enumerate(sorted(cats.items(), key=lambda kv: str(kv[0]))):
            sz = [size[i] for i in idx] if isinstance(size, list) else size
            fig.add_trace(go.Scatter(
                x=[xy[nodes[i]][0] for i in idx], y=[xy[nodes[i]][1] for i in idx],
                text=[names[i] for i in idx] if labels else None, hovertext=[hover[i] for i in idx],
                marker=dict(size=sz, color=PALETTE[ci % len(PALETTE)], line=dict(width=1, color="#333333")),
                name=str(cat), customdata=[str(nodes[i]) for i in idx], **base))
    fig.update_layout(title=title, template="plotly_white", hovermode="closest",
                      xaxis=dict(visible=False), yaxis=dict(visible=False, scaleanchor="x"),
                      margin=dict(l=10, r=10, t=40 if title else 10, b=10))
    return fig
