"""One parse of the stylesheet for every app in a process.

Textual parses an app's stylesheet (ours, each widget's defaults, each screen's) for
every app anew, and again each time the theme's variables change: about 0.2 s of CPU
per app, the most of what a session costs to start. The rules a piece of CSS parses to
depend on nothing but the CSS, where it came from and the variables, and nothing changes
them once parsed, so apps that share a process share them.
"""

from __future__ import annotations

from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation

MAX_KEPT = 256  # parses kept: a few pieces of CSS for each of a handful of themes

_parsed: dict[tuple[Any, ...], list[RuleSet]] = {}


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


def share_stylesheet(app: Any) -> None:
    """Give a new app (before it runs) a stylesheet that shares its parses."""
    app.stylesheet = SharedStylesheet(variables=app.stylesheet._variables)
