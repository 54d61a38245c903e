"""Joining someone's game and hosting one: the two dialogs that start a network session.

Each checks what was typed (an address, a name, a port) before anything happens,
then connects in the background and says exactly what went wrong when it cannot —
a wrong address, nothing listening, another version, a name in use, a port taken —
keeping the dialog open to fix it. Both are dismissed with the connected
`LobbyClient` (and the hosted table already open), or None to go back.
"""

from __future__ import annotations

import contextlib
import getpass
from dataclasses import replace
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Switch

from ddz_tui.i18n import t
from ddz_tui.net.client.dial import normalise_url
from ddz_tui.net.client.errors import BadAddress, NetError
from ddz_tui.net.errors import ProtocolError
from ddz_tui.net.protocol import check_name
from ddz_tui.records.names import NAME_MAX
from ddz_tui.records.store import StoreError
from ddz_tui.ui.online import EVERYWHERE, LOOPBACK, HostRequest, JoinRequest, is_loopback
from ddz_tui.ui.screens.base import AppModal
from ddz_tui.ui.widgets.form import (
    FORM_HEIGHTS,
    FORM_KEYS,
    OnOff,
    chosen_rules,
    form_row,
    remember_rules,
    rules_rows,
)
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.prose import prose
from ddz_tui.ui.widgets.table_parts import MessageLine


def default_name(*known: str | None) -> str:
    """The first name that will do at a table: the profile's (Settings), else the
    login name."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError):
        login = ""
    for name in (*known, login):
        try:
            return check_name(name or "")
        except ProtocolError:
            continue
    return ""


class Invalid(Exception):
    """What was typed will not do; the message says why, and focus goes to `field`."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def checked_name(text: str) -> str:
    try:
        return check_name(text)
    except ProtocolError as error:
        raise Invalid("name", error.message) from None


class ConnectDialog(AppModal):
    """A form, a line for progress or trouble, and Go / Back buttons."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "keys.back"), *FORM_KEYS]
    # Textual declares it `ClassVar[...] | None`, which mypy reads as an instance variable
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = FORM_HEIGHTS  # type: ignore[misc]
    TITLE_KEY = ""
    GO_KEY = ""
    FORM_ID = ""

    def __init__(self, start: bool = False) -> None:
        """start: connect at once with what the form was given (from the command line)."""
        super().__init__()
        self.start = start

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog connect", id=self.FORM_ID) as dialog:
            dialog.border_title = t(self.TITLE_KEY)
            dialog.set_class(self.start, "-starting")  # the form shows if it must be put right
            yield from self.fields()
            yield MessageLine(id="connect-message")
            with Horizontal(classes="buttons"):
                yield Button(t(self.GO_KEY), id="go", variant="primary")
                yield Button(t("ui.button.back"), id="back")
        yield KeyFooter()

    def fields(self) -> ComposeResult:
        raise NotImplementedError

    @on(events.Mount)
    async def _begin(self) -> None:
        """The name (the profile's, once the history has opened), then the focus, or the
        start straight away when asked for on the command line."""
        field = self.query_one("#name", Input)
        if not field.value:  # none asked for on the command line: the profile's
            history = self.ddz.history
            await history.ready()
            if not field.value:
                field.value = default_name(history.profile_name)
        if self.start:
            self.query_one("#back").focus()
            self.action_go()
        else:
            self.query("Input").first().focus()

    def show_form(self) -> None:
        """Started from the command line, the dialog shows only its progress until
        something typed there must be put right."""
        self.query_one(".connect").remove_class("-starting")

    async def keep_name(self, name: str) -> None:
        """The name played under is the profile's, as Settings shows it and the
        records keep it: one name everywhere."""
        history = self.ddz.history
        if name == history.profile_name:
            return
        with contextlib.suppress(ValueError, StoreError):  # history off: nowhere to keep it
            await history.set_profile_name(name)

    def value(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value

    def say(self, text: str, kind: str = "") -> None:
        self.query_one("#connect-message", MessageLine).say(text, kind)

    def busy(self, on: bool) -> None:
        for widget in self.query("Input, Switch, #go"):
            widget.disabled = on
        if not on:
            self.show_form()

    @on(Input.Submitted)
    @on(Button.Pressed, "#go")
    def action_go(self) -> None:
        try:
            self.connect()
        except Invalid as bad:
            self.show_form()
            self.say(bad.message, "error")
            self.query_one(f"#{bad.field}").focus()

    def connect(self) -> None:
        """Check the form (raising Invalid) and start connecting."""
        raise NotImplementedError

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.workers.cancel_group(self, "connect")
        self.dismiss(None)


class JoinScreen(ConnectDialog):
    """Join a game: the server's address and the name to play under."""

    TITLE_KEY = "ui.join.title"
    GO_KEY = "ui.button.connect"
    FORM_ID = "join-form"

    def __init__(self, request: JoinRequest | None = None, start: bool = False) -> None:
        super().__init__(start)
        self.request = request

    def fields(self) -> ComposeResult:
        settings = self.ddz.settings
        address = self.request.address if self.request else settings.server_address
        name = self.request.name if self.request else ""
        yield form_row(
            t("ui.join.address"),
            Input(address, placeholder=t("ui.join.address_hint"), id="address", compact=True),
        )
        yield form_row(t("ui.join.name"), Input(name, max_length=NAME_MAX, id="name", compact=True))
        yield Plain(prose(t("ui.join.explain")), classes="connect-explain")

    def connect(self) -> None:
        address = self.value("address").strip()
        if not address:
            raise Invalid("address", t("ui.join.no_address"))
        try:
            url = normalise_url(address)
        except BadAddress as bad:
            raise Invalid("address", bad.message) from None
        self._join(url, checked_name(self.value("name")))

    @work(exclusive=True, group="connect")
    async def _join(self, url: str, name: str) -> None:
        self.busy(True)
        self.say(t("ui.join.connecting", url=url, name=name), "info")
        try:
            client = await self.ddz.online.join(JoinRequest(url, name))
        except NetError as error:
            self.busy(False)
            self.say(error.message, "error")
            return
        await self.keep_name(client.name)
        self.ddz.update_settings(server_address=self.value("address").strip())
        self.dismiss(client)


class HostScreen(ConnectDialog):
    """Host a game: a server in the app, and a table on it for you and your friends."""

    TITLE_KEY = "ui.host.title"
    GO_KEY = "ui.button.host"
    FORM_ID = "host-form"

    def __init__(self, request: HostRequest | None = None, start: bool = False) -> None:
        super().__init__(start)
        self.request = request

    def fields(self) -> ComposeResult:
        settings = self.ddz.settings
        request = self.request
        name = request.name if request else ""
        port = request.port if request else settings.host_port
        lan = not is_loopback(request.host) if request else settings.host_lan
        yield form_row(t("ui.join.name"), Input(name, max_length=NAME_MAX, id="name", compact=True))
        yield form_row(
            t("ui.host.port"),
            Input(str(port), type="integer", max_length=5, id="port", compact=True),
        )
        yield form_row(t("ui.host.lan"), OnOff(lan, id="lan"))
        yield Plain(prose(t("ui.host.explain")), classes="connect-explain")
        for row in rules_rows(request.rules if request and request.rules else settings.rules):
            yield row.add_class("-packed")  # one line each: the dialog fits 80×24

    def connect(self) -> None:
        name = checked_name(self.value("name"))
        try:
            port = int(self.value("port"))
        except ValueError:
            port = 0
        if not 1 <= port <= 65535:
            raise Invalid("port", t("net.cli.bad_port", value=self.value("port")))
        base = self.request or HostRequest(name)
        lan = self.query_one("#lan", Switch).value
        host = base.host if lan != is_loopback(base.host) else EVERYWHERE if lan else LOOPBACK
        rules = chosen_rules(self)
        remember_rules(self, rules)
        self._host(replace(base, name=name, port=port, host=host, rules=rules))

    @work(exclusive=True, group="connect")
    async def _host(self, request: HostRequest) -> None:
        self.busy(True)
        self.say(t("ui.host.starting", port=request.port), "info")
        app = self.ddz
        online = app.online
        try:
            client = await online.host(request, app.settings.bot_delay)
        except NetError as error:
            self.busy(False)
            self.say(error.message, "error")
            return
        lan = not is_loopback(request.host)
        await self.keep_name(client.name)
        app.update_settings(host_port=request.port, host_lan=lan)
        self.dismiss(client)
