"""One server, players of different languages: each reads the server's refusals and the
table's notices in their own language, whatever language the server itself speaks."""

from __future__ import annotations

import pytest

from ddz_tui.engine import PASS, IllegalReason
from ddz_tui.i18n import Lang, language, t
from ddz_tui.net.client.errors import Refused
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.client.remote import TableRefused
from ddz_tui.net.errors import ErrorReason
from tests.support.loopback import running, until


async def test_two_players_at_one_table_each_hear_their_own_language() -> None:
    assert language() is Lang.EN, "the server's own process speaks English"
    async with running(grace=30) as server:
        ann = await LobbyClient.connect(server.url, "ann", lang=Lang.ZH, reconnect_for=0)
        bob = await LobbyClient.connect(server.url, "bob", lang=Lang.EN, reconnect_for=0)
        cat = await LobbyClient.connect(server.url, "cat", lang=Lang.ZH, reconnect_for=0)
        ann_table = await ann.create()
        assert ann_table.table_title == t("net.table_title", Lang.ZH, name="ann")
        bob_table = await bob.join(ann_table.table_id)
        cat_table = await cat.join(ann_table.table_id)

        # a protocol error: a table that is not there
        for client, lang in ((ann, Lang.ZH), (bob, Lang.EN)):
            with pytest.raises(Refused) as refused:
                await client.join(99)
            assert refused.value.reason == ErrorReason.NO_SUCH_TABLE.value
            assert refused.value.message == t("net.error.no_such_table", lang, table=99)

        # the engine's refusal: passing while the bidding is on
        for table in (ann_table, bob_table, cat_table):
            await table.next_game()
        await until(lambda: ann_table.state.view is not None and bob_table.state.view is not None)
        for table, lang in ((ann_table, Lang.ZH), (bob_table, Lang.EN)):
            with pytest.raises(TableRefused) as illegal:
                await table.act(PASS)
            assert illegal.value.reason is IllegalReason.WRONG_PHASE
            assert illegal.value.message == t("illegal.phase.bidding", lang)
        assert t("illegal.phase.bidding", Lang.ZH) != t("illegal.phase.bidding", Lang.EN)

        # the table's notice: cat's connection drops
        cat._ws.transport.abort()
        await until(lambda: ann_table.state.notice is not None and bob_table.state.notice)
        assert ann_table.state.notice == t("table.notice.dropped", Lang.ZH, name="cat")
        assert bob_table.state.notice == t("table.notice.dropped", Lang.EN, name="cat")
        assert language() is Lang.EN, "nothing changed the server's language"
        for client in (ann, bob, cat):
            await client.close()
