"""Settings: changed here, applied at once, saved at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import Input, Select, Switch

from ddz_tui.i18n import Lang, t
from ddz_tui.records.errors import StoreError
from ddz_tui.records.names import NAME_MAX, BadName, check_name
from ddz_tui.sound.clips import VOLUME_STEPS
from ddz_tui.ui.screens.base import AppScreen
from ddz_tui.ui.settings import BOT_DELAYS, Settings
from ddz_tui.ui.theme import theme_names
from ddz_tui.ui.widgets.chips import CardStyle
from ddz_tui.ui.widgets.form import (
    FORM_KEYS,
    OnOff,
    cap_options,
    choice,
    form_row,
    level_options,
    mode_options,
    remember,
)
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.sound_note import SoundNote

LANGUAGE_NAMES = {Lang.EN: "English", Lang.ZH: "中文"}
"""Each language in its own words, as language menus do."""
AUTOMATIC = "auto"


def short_path(path: Path) -> str:
    """A path as people write it: under the home directory, from `~`."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


class IsName(Validator):
    """Marks the field while it holds no name, saying why (`check_name`)."""

    def validate(self, value: str) -> ValidationResult:
        try:
            check_name(value)
        except BadName as exc:
            return self.failure(str(exc))
        return self.success()


def delay_options(current: float) -> list[tuple[str, float]]:
    delays = sorted({*BOT_DELAYS, current})
    return [(t("ui.settings.delay_value", s=f"{delay:g}"), delay) for delay in delays]


VOLUMES = ("music_volume", "effects_volume")
"""The settings of how loud the music and the effects are."""


def volume_choice(current: int, name: str, locked: bool) -> Select[int]:
    """The volumes in steps of 10% (and the one saved, if it is none of them); nothing
    to choose while sound is locked off."""
    options = [(t("ui.settings.volume_value", n=n), n) for n in sorted({*VOLUME_STEPS, current})]
    select = choice(options, current, name)
    select.disabled = locked
    return select


def language_options() -> list[tuple[str, str]]:
    return [(t("ui.settings.language_auto"), AUTOMATIC)] + [
        (name, lang.value) for lang, name in LANGUAGE_NAMES.items()
    ]


class SettingsScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "keys.back"), *FORM_KEYS]
    # Textual declares it `ClassVar[...] | None`, which mypy reads as an instance variable
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (26, "-tall")]  # type: ignore[misc]

    def compose(self) -> ComposeResult:
        settings: Settings = self.ddz.settings
        yield Plain(t("ui.settings.title"), classes="screen-title")
        # scrolled in a container of its own, below the title: a scrolled screen would
        # take the title's row for its own, and show a control under it
        with Vertical(id="settings-scroll"), Center(), Vertical(id="settings-form"):
            yield form_row(t("ui.settings.name"), self._name_field())
            yield form_row(
                t("ui.settings.bot_delay"),
                choice(delay_options(settings.bot_delay), settings.bot_delay, "bot_delay"),
            )
            yield form_row(
                t("ui.new_game.left"), choice(level_options(), settings.left_bot, "left_bot")
            )
            yield form_row(
                t("ui.new_game.right"), choice(level_options(), settings.right_bot, "right_bot")
            )
            yield form_row(
                t("ui.new_game.mode"),
                choice(mode_options(), settings.landlord_mode, "landlord_mode"),
            )
            yield form_row(t("ui.new_game.doubling"), OnOff(settings.doubling, id="doubling"))
            yield form_row(
                t("ui.new_game.super_double"), OnOff(settings.super_double, id="super_double")
            )
            yield form_row(t("ui.new_game.showing"), OnOff(settings.showing, id="showing"))
            yield form_row(t("ui.new_game.show_start"), OnOff(settings.show_start, id="show_start"))
            yield form_row(t("ui.new_game.cap"), choice(cap_options(), settings.cap, "cap"))
            yield form_row(t("ui.new_game.no_shuffle"), OnOff(settings.no_shuffle, id="no_shuffle"))
            yield form_row(t("ui.new_game.laizi"), OnOff(settings.laizi, id="laizi"))
            yield self._ascii_row()
            styles = [(t(f"ui.settings.card_style.{style.value}"), style) for style in CardStyle]
            yield form_row(
                t("ui.settings.card_style"), choice(styles, settings.card_style, "card_style")
            )
            yield form_row(
                t("ui.settings.coach_hints"), OnOff(settings.coach_hints, id="coach_hints")
            )
            yield form_row(t("ui.settings.auto_pass"), OnOff(settings.auto_pass, id="auto_pass"))
            language = settings.language.value if settings.language else AUTOMATIC
            yield form_row(
                t("ui.settings.language"), choice(language_options(), language, "language")
            )
            themes = [(t(f"ui.theme.{name}"), name) for name in theme_names()]
            yield form_row(t("ui.settings.theme"), choice(themes, settings.theme, "theme"))
            sound = self.ddz.sound
            with Vertical(id="sound-setting"):
                switch = OnOff(sound.enabled, id="sound", disabled=sound.locked)
                yield form_row(t("ui.settings.sound"), switch)
                for name in VOLUMES:
                    volume = volume_choice(getattr(settings, name), name, sound.locked)
                    yield form_row(t(f"ui.settings.{name}"), volume)
                yield SoundNote()
            yield Plain(self._saved_in(), id="saved-in")
        yield KeyFooter()

    def _saved_in(self) -> str:
        """Where each change is kept: the settings in their file, the name in the
        history's database with the games (nowhere while history is off)."""
        settings = short_path(self.ddz.store.path)
        history = self.ddz.history
        if history.problem is not None:
            return t("ui.settings.saved_in", path=settings)
        return t("ui.settings.saved_in_both", path=settings, games=short_path(history.path))

    def _ascii_row(self) -> Widget:
        """ASCII cards as they are in force: on, and not to be switched here, when the
        command line's --ascii turned them on for this session."""
        if self.ddz.ascii_forced:
            switch = OnOff(True, id="ascii_cards", disabled=True)
            return form_row(t("ui.settings.ascii_forced"), switch)
        return form_row(
            t("ui.settings.ascii"), OnOff(self.ddz.settings.ascii_cards, id="ascii_cards")
        )

    def _name_field(self) -> Widget:
        """The profile's name lives in the history: without history, there is none."""
        history = self.ddz.history
        if history.problem is not None:
            return Plain(t("ui.settings.name_off"), id="profile_name", classes="field-note")
        return Input(
            history.profile_name or "",
            placeholder=t("ui.settings.name_placeholder"),
            max_length=NAME_MAX,
            validators=[IsName()],
            valid_empty=True,
            id="profile_name",
            compact=True,
        )

    def on_mount(self) -> None:
        name = self.query_one("#profile_name")  # typing a name works at once
        (name if isinstance(name, Input) else self.query_one("#bot_delay", Select)).focus()
        self.watch(self.app, "sound_on", self._sound_switched, init=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Textual scrolls only as far as the focused control: at the last one, the form
        scrolls to its end, so that the notes after it (sound, where the settings are
        kept) are read too, and at the first back to its top."""
        chain, form = self.focus_chain, self.query_one("#settings-scroll")
        if chain and event.widget is chain[-1]:
            self.call_after_refresh(form.scroll_end, animate=False)
        elif chain and event.widget is chain[0]:
            self.call_after_refresh(form.scroll_home, animate=False)

    def _sound_switched(self, on: bool) -> None:
        """Sound was switched (here, or by the `m` key): show it, and the note anew."""
        self.query_one("#sound", Switch).value = on
        self.query_one(SoundNote).reread()

    @on(Input.Submitted, "#profile_name")
    @on(Input.Blurred, "#profile_name")
    def _name_entered(self, event: Input.Submitted | Input.Blurred) -> None:
        self.run_worker(self._keep_name(event.value), exclusive=True, group="name")

    async def _keep_name(self, text: str) -> None:
        """Keep a changed name; a name that cannot be one is refused with the reason."""
        history = self.ddz.history
        if text.strip() == (history.profile_name or ""):
            return
        try:
            name = await history.set_profile_name(text)
        except ValueError as exc:
            self.notify(str(exc), title=t("ui.settings.name_refused"), severity="error")
            return
        except StoreError:
            await self._name_unavailable()  # history has just turned off, and said so
            return
        self.notify(t("ui.settings.name_saved", name=name))

    async def _name_unavailable(self) -> None:
        field = self.query_one("#profile_name")
        parent = field.parent
        assert isinstance(parent, Widget)
        await field.remove()
        await parent.mount(self._name_field())

    @on(Select.Changed)
    async def _select_changed(self, event: Select.Changed) -> None:
        name = event.select.id
        assert name is not None
        value: Any = event.value
        if name == "language":
            value = None if value == AUTOMATIC else Lang(value)
        if getattr(self.ddz.settings, name) == value:
            return
        self.ddz.update_settings(**{name: value})
        if name == "language":
            await self.relocalize()
            self.query_one("#language", Select).focus()

    @on(Switch.Changed, "#doubling")
    @on(Switch.Changed, "#super_double")
    @on(Switch.Changed, "#showing")
    @on(Switch.Changed, "#show_start")
    @on(Switch.Changed, "#no_shuffle")
    @on(Switch.Changed, "#laizi")
    def _rule_switched(self, event: Switch.Changed) -> None:
        name = event.switch.id
        assert name is not None
        remember(self, **{name: event.value})

    @on(Switch.Changed, "#ascii_cards")
    def _ascii_changed(self, event: Switch.Changed) -> None:
        self.ddz.update_settings(ascii_cards=event.value)

    @on(Switch.Changed, "#coach_hints")
    def _coach_hints_changed(self, event: Switch.Changed) -> None:
        self.ddz.update_settings(coach_hints=event.value)

    @on(Switch.Changed, "#auto_pass")
    def _auto_pass_changed(self, event: Switch.Changed) -> None:
        self.ddz.update_settings(auto_pass=event.value)

    @on(Switch.Changed, "#sound")
    def _sound_changed(self, event: Switch.Changed) -> None:
        self.ddz.set_sound(event.value)

    async def action_back(self) -> None:
        name = self.query_one("#profile_name")
        if isinstance(name, Input):  # Esc straight from the name field, before it blurs
            await self._keep_name(name.value)
        self.dismiss()
