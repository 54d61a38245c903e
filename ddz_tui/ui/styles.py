"""One parse of the stylesheet, and one matching of it to each kind of node, for every
app in a process: every app uses it (`DdzApp` sets it up).

Textual parses an app's stylesheet (ours, each widget's defaults, each screen's) for
every app anew, and again each time the theme's variables change, as they do once when
an app sets its theme before its first frame: about 0.2 s of CPU per SSH session, the
most of what a session costs to start, and a tenth of `ddz`'s own start. The rules a
piece of CSS parses to depend on nothing but the CSS, where it came from and the
variables, and nothing changes them once parsed, so the parses are kept (and apps that
share a process share them).

Then Textual matches the rules to every node as it is mounted or changes, a third of
what is left of a session's start: every player's lobby is the same tree of the same
widgets, matched anew. Which rules apply to a node depends on the rules and on the path
to it from the app (each node's type, id, classes and pseudo-classes), so the outcome is
kept per rules and path and used again; as Textual's own cache does, not for a node
whose rules look at its siblings (`:first-child`, `:odd`...) or at `:focus-within`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App
from textual.css.model import RuleSet
from textual.css.stylesheet import RulesMap, Stylesheet
from textual.css.types import CSSLocation
from textual.dom import DOMNode
from textual.widget import Widget

MAX_KEPT = 256  # parses kept: a few pieces of CSS for each of a handful of themes
MAX_MATCHED = 50_000  # nodes' matches kept (a few hundred kinds of node, in a few states)
MAX_RULE_LISTS = 16  # stylesheets whose matches are kept (a theme each, or two)

_parsed: dict[tuple[Any, ...], list[RuleSet]] = {}


@dataclass(frozen=True)
class _Match:
    """What `Stylesheet.apply` worked out for a node: its rules (None: no rule applies)
    and the flags it sets from the pseudo-classes its rules look at."""

    rules: RulesMap | None
    hover: bool
    focus_within: bool


_matched: dict[tuple[Any, ...], _Match | None] = {}  # None: not to be kept (see above)
_rule_lists: dict[tuple[int, ...], tuple[int, list[RuleSet]]] = {}  # ids: (token, rules)


class SharedStylesheet(Stylesheet):
    """A stylesheet whose parses are kept for every app of the process."""

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, *self._variables.items())
        rules = _parsed.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            if len(_parsed) >= MAX_KEPT:
                _parsed.pop(next(iter(_parsed)))
            _parsed[key] = rules
        return rules

    _token_of: list[RuleSet] | None = None
    _token = 0
    _awaiting: dict[int, RulesMap | None] | None = None  # nodes being matched: their rules

    def apply(
        self,
        node: DOMNode,
        *,
        animate: bool = False,
        cache: dict[tuple[Any, ...], RulesMap] | None = None,
    ) -> None:
        key = (self._rules_token(), *map(_step, node.css_path_nodes))
        if key not in _matched:
            awaiting = self._awaiting = self._awaiting or {}
            awaiting[id(node)] = None  # (matching a node matches its component classes too)
            super().apply(node, animate=animate, cache=cache)
            rules = awaiting.pop(id(node))
            kept = not (node._has_order_style or node._has_odd_or_even or node._has_focus_within)
            if len(_matched) >= MAX_MATCHED:
                _matched.clear()
            _matched[key] = (
                _Match(rules, node._has_hover_style, node._has_focus_within) if kept else None
            )
            return
        match = _matched[key]
        if match is None:
            super().apply(node, animate=animate, cache=cache)
            return
        node._has_hover_style = match.hover
        node._has_focus_within = match.focus_within
        node._has_order_style = node._has_odd_or_even = False
        if match.rules is not None:
            self.replace_rules(node, match.rules, animate=animate)
        self._process_component_classes(node)

    def replace_rules(self, node: DOMNode, rules: RulesMap, animate: bool = False) -> None:  # type: ignore[override]
        if self._awaiting and id(node) in self._awaiting:
            self._awaiting[id(node)] = rules  # what `apply` worked out for a node it matches
        super().replace_rules(node, rules, animate=animate)

    def _rules_token(self) -> int:
        """A number for this stylesheet's rules, the same for every stylesheet of the
        process with the same rules (the parses are shared, so are the rule objects)."""
        rules = self.rules
        if rules is not self._token_of:
            ids = tuple(map(id, rules))
            known = _rule_lists.get(ids)
            if known is None:
                if len(_rule_lists) >= MAX_RULE_LISTS:
                    _rule_lists.clear()
                    _matched.clear()
                known = _rule_lists[ids] = (len(_rule_lists) + 1, list(rules))  # kept alive:
                # its ids stay theirs while matches keyed by them are kept
            self._token_of, self._token = rules, known[0]
        return self._token

    def reparse(self) -> None:
        """As Textual's, but parsing through the shared parses."""
        fresh = SharedStylesheet(variables=self._variables)
        for read_from, (css, is_defaults, tie_breaker, scope) in self.source.items():
            fresh.add_source(
                css,
                read_from=read_from,
                is_default_css=is_defaults,
                tie_breaker=tie_breaker,
                scope=scope,
            )
        try:
            fresh.parse()
        except Exception:
            self._invalid_css.update(fresh._invalid_css)
            raise
        self._rules = fresh.rules
        self._rules_map = None
        self.source = fresh.source
        self._require_parse = False

    def copy(self) -> Stylesheet:
        copied = SharedStylesheet(variables=self._variables.copy())
        copied.source = self.source.copy()
        return copied


def _step(node: DOMNode) -> tuple[Any, ...]:
    """What of a node on the path to a matched one the rules may look at."""
    if isinstance(node, Widget):
        return (type(node), node.id, node.classes, node._pseudo_classes_cache_key, node.can_focus)
    if isinstance(node, App):
        return (type(node), node.id, node.classes, frozenset(node.get_pseudo_classes()))
    return (type(node), node.id, node.classes)


def parse_ahead(path: Path, variables: dict[str, str]) -> None:
    """Parse the CSS file at `path` as an app's stylesheet with these variables would
    read it, and keep the parse: from any thread, before a screen that names the file
    opens (Textual reads a screen's CSS_PATH as it is first pushed)."""
    css = path.read_text(encoding="utf-8")
    SharedStylesheet(variables=variables)._parse_rules(css, (str(path.absolute()), ""))


def share_stylesheet(app: Any) -> None:
    """Give a new app (before it runs) a stylesheet that shares its parses."""
    app.stylesheet = SharedStylesheet(variables=app.stylesheet._variables)
