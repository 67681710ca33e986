"""prefprint.io.remote over SFTP: a real asyncssh server on 127.0.0.1 (a host key and a client key made by the
test, known_hosts in a HOME of its own): the same sync, and the host's key and the client's refusals said."""

from __future__ import annotations

import pytest
from servers import SITE, make_site, tree

from prefprint.io.remote import PublishError, parse_target, sync


@pytest.fixture
def site(tmp_path):
    return make_site(tmp_path / "site", SITE)


def test_a_site_is_published_over_sftp_byte_for_byte_and_only_changes_travel(site, sftp_server):
    make_site(sftp_server.root, {"about.html": b"the club's"})
    target = parse_target(sftp_server.url)
    assert sorted(sync(site, target).uploaded) == sorted(SITE)
    assert tree(sftp_server.root) == tree(site) | {"about.html": b"the club's"}
    assert sync(site, target).uploaded == []
    (site / "players" / "1.html").write_text("changed")
    (site / "season-1.html").unlink()
    report = sync(site, target)
    assert (report.uploaded, report.removed) == (["players/1.html"], ["season-1.html"])
    assert tree(sftp_server.root) == tree(site) | {"about.html": b"the club's"}


def test_an_unknown_host_is_refused_with_the_command_that_accepts_its_key(site, sftp_server, tmp_path):
    (tmp_path / "home" / ".ssh" / "known_hosts").unlink()
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(sftp_server.url))
    assert e.value.message.code == "publish.host_unknown"
    assert f"ssh-keyscan -p {sftp_server.port} 127.0.0.1 >> ~/.ssh/known_hosts" in e.value.text("ru")
    assert tree(sftp_server.root) == {}


def test_a_changed_host_key_is_refused(site, sftp_server):
    import asyncssh

    sftp_server.known(asyncssh.generate_private_key("ssh-ed25519"))  # known_hosts holds another key
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(sftp_server.url))
    assert e.value.message.code == "publish.host_key_changed" and "ssh-keygen -R 127.0.0.1" in e.value.text("en")
    assert tree(sftp_server.root) == {}


def test_a_key_the_server_does_not_know_is_refused_and_a_key_named_is_used(site, sftp_server, tmp_path):
    import asyncssh

    ssh = tmp_path / "home" / ".ssh"
    (ssh / "id_ed25519").rename(tmp_path / "club_key")
    asyncssh.generate_private_key("ssh-ed25519").write_private_key(str(ssh / "id_ed25519"))
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(sftp_server.url))
    assert e.value.message.code == "publish.login_refused_ssh" and "127.0.0.1" in e.value.text("ru")
    assert sorted(sync(site, parse_target(sftp_server.url, key=str(tmp_path / "club_key"))).uploaded) == sorted(SITE)
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(sftp_server.url, key=str(tmp_path / "no_key")))
    assert e.value.message.code == "publish.key_missing"


def test_a_wrong_folder_is_said(site, sftp_server):
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(sftp_server.url + "www/none"))
    assert e.value.message.code == "publish.bad_path" and "www/none" in e.value.text("ru")


def test_a_server_gone_half_way_leaves_whole_files_and_the_next_run_finishes(tmp_path, sftp_server, monkeypatch):
    from servers import SftpServer

    old = {f"players/{i}.html": f"old {i}".encode() * 100 for i in range(10)} | {"index.html": b"old index"}
    new = {name: data.replace(b"old", b"new") for name, data in old.items()}
    site = make_site(tmp_path / "site", old)
    sync(site, parse_target(sftp_server.url))
    make_site(site, new)
    sent = []

    def gone_after_four(name):  # the server dies while the fifth file is on its way
        sent.append(name)
        if len(sent) == 4:
            sftp_server.kill()

    with pytest.raises(PublishError) as e:
        sync(site, parse_target(sftp_server.url), progress=gone_after_four)
    assert e.value.message.code == "publish.dropped" and "127.0.0.1" in e.value.text("ru")
    assert tree(sftp_server.root) == old  # every file a reader finds is whole: the old ones, not yet replaced
    again = SftpServer(sftp_server.root, tmp_path / "home")  # the host up again
    again.known()
    try:
        report = sync(site, parse_target(again.url))
    finally:
        again.stop()
    assert sorted(report.uploaded) == sorted(new) and tree(sftp_server.root) == new
    assert sorted(p.name for p in sftp_server.root.rglob(".*")) == [".prefprint-manifest.json"]


def test_an_unreachable_host_is_said(site, sftp_server):
    port = sftp_server.port
    sftp_server.stop()
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(f"sftp://club@127.0.0.1:{port}/"))
    assert e.value.message.code == "publish.unreachable" and "127.0.0.1" in e.value.text("en")
