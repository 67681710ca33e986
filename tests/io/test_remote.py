"""prefprint.io.remote: a folder published to a real FTP server on 127.0.0.1 (pyftpdlib, started by the tests)
and to a folder: only what changed travels, the club's own files are never touched, a server killed half way
leaves whole files only and the next run finishes, two runs at once do not interleave."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from servers import PASSWORD, SITE, FtpServer, home, make_site, tree

from prefprint.io.remote import MANIFEST, PublishError, parse_target, sync
from prefprint.io.remote.locks import local_lock
from prefprint.io.remote.sync import LOCK, upload_order


@pytest.fixture
def site(tmp_path):
    return make_site(tmp_path / "site", SITE)


# --------------------------------------------------------------------------- the address


def test_an_address_is_read_with_its_user_port_and_folder(tmp_path):
    t = parse_target("sftp://club@example.org:2222/www/results")
    assert (t.scheme, t.user, t.host, t.port, t.path) == ("sftp", "club", "example.org", 2222, "www/results")
    assert parse_target("ftp://u@h/").port == 21 and parse_target("ftp://u@h").path == "."
    assert parse_target("ftps://u@h//var/www").path == "/var/www"  # a second slash: from the root
    assert parse_target("sftp://u@h/x", key="keys/id", base=tmp_path).key == str(tmp_path / "keys/id")
    assert parse_target("web", base=tmp_path) == parse_target(f"file://{tmp_path}/web")
    assert parse_target("web", base=tmp_path).path == str(tmp_path / "web")


@pytest.mark.parametrize("url", ["http://h/x", "sftp:///x", "ftp://h:99999/x"])
def test_an_address_of_another_kind_is_refused(url):
    with pytest.raises(PublishError) as e:
        parse_target(url)
    assert e.value.message.code == "publish.bad_url"


def test_a_password_in_the_address_is_refused_and_never_shown():
    with pytest.raises(PublishError) as e:
        parse_target("ftp://club:hunter2@example.org/www")
    assert e.value.message.code == "publish.password_in_url"
    assert "hunter2" not in e.value.text("ru") + e.value.text("en")
    with pytest.raises(PublishError) as e:
        parse_target("gopher://club:hunter2@example.org/www")
    assert "hunter2" not in e.value.text("ru") and "example.org" in e.value.text("ru")


def test_pages_travel_after_what_they_link_to_and_each_index_last():
    names = ["index.html", "a.html", "players/index.html", "x.css", "players/1.html", "r.pdf"]
    order = sorted(names, key=upload_order)
    assert order[:2] == ["r.pdf", "x.css"]
    assert order[-2:] == ["players/index.html", "index.html"]


# --------------------------------------------------------------------------- FTP


def test_a_first_publish_uploads_everything_and_the_web_copy_is_the_same_byte_for_byte(site, ftp_server):
    report = sync(site, parse_target(ftp_server.url))
    assert sorted(report.uploaded) == sorted(SITE) and report.removed == []
    assert report.bytes == sum(len(v.encode() if isinstance(v, str) else v) for v in SITE.values())
    assert tree(ftp_server.root) == tree(site)
    manifest = json.loads((ftp_server.root / MANIFEST).read_text())
    assert sorted(manifest["files"]) == sorted(SITE) and manifest["pending"] == []
    assert not (ftp_server.root / LOCK).exists()


def test_an_unchanged_site_uploads_nothing_and_one_change_travels_alone(site, ftp_server):
    target = parse_target(ftp_server.url)
    sync(site, target)
    before = (ftp_server.root / MANIFEST).stat().st_mtime_ns
    again = sync(site, target)
    assert again.uploaded == [] and again.removed == [] and again.unchanged == len(SITE)
    assert (ftp_server.root / MANIFEST).stat().st_mtime_ns == before  # not even the manifest written
    (site / "players" / "2.html").write_text("<p>Петров, 2-е место</p>")
    changed = sync(site, target)
    assert changed.uploaded == ["players/2.html"] and changed.unchanged == len(SITE) - 1
    assert tree(ftp_server.root) == tree(site)


def test_the_clubs_own_files_survive_every_publish_and_ours_no_longer_made_go(site, ftp_server):
    own = {"about.html": b"<p>the club</p>", "players/photo.jpg": b"\xff\xd8jpeg", "evenings/notes.txt": b"n"}
    make_site(ftp_server.root, own)
    target = parse_target(ftp_server.url)
    sync(site, target)
    (site / "players" / "2.html").unlink()
    for p in (site / "evenings" / "e1").iterdir():
        p.unlink()
    (site / "evenings" / "e1").rmdir()
    (site / "season-1.html").write_text("<p>new ladder</p>")
    report = sync(site, target)
    assert sorted(report.removed) == sorted(n for n in SITE if n.startswith("evenings/e1/")) + ["players/2.html"]
    assert report.uploaded == ["season-1.html"]
    web = tree(ftp_server.root)
    assert {k: web[k] for k in own} == own  # the club's files as they were
    assert {k: v for k, v in web.items() if k not in own} == tree(site)
    assert not (ftp_server.root / "evenings" / "e1").exists()  # our folder emptied: gone; the club's kept
    assert sync(site, target).uploaded == [] and tree(ftp_server.root) == web


def test_a_new_file_named_as_one_of_the_clubs_is_refused_and_nothing_changes(site, ftp_server):
    make_site(ftp_server.root, {"about.html": b"club's own"})
    target = parse_target(ftp_server.url)
    sync(site, target)
    manifest = (ftp_server.root / MANIFEST).read_bytes()
    (site / "about.html").write_text("ours")
    (site / "index.html").write_text("changed")
    with pytest.raises(PublishError) as e:
        sync(site, target)
    assert e.value.message.code == "publish.not_ours" and "about.html" in e.value.text("ru")
    assert (ftp_server.root / "about.html").read_bytes() == b"club's own"
    assert (ftp_server.root / MANIFEST).read_bytes() == manifest
    assert (ftp_server.root / "index.html").read_bytes() == SITE["index.html"].encode()


def test_a_server_killed_half_way_leaves_whole_files_and_the_next_run_finishes(tmp_path, ftp_server):
    old = {f"players/{i}.html": f"old {i} ".encode() * 4000 for i in range(24)} | {"index.html": b"old index"}
    new = {name: data.replace(b"old", b"new") for name, data in old.items()}
    site = make_site(tmp_path / "site", old)
    target = parse_target(ftp_server.url)
    sync(site, target)
    ftp_server.kill()
    make_site(site, new)
    slow = FtpServer(ftp_server.root, limit=10_000, port=ftp_server.port)  # a file of 28 KB: some 2 s
    failure = []

    def publish():
        try:
            sync(site, target)
        except PublishError as e:
            failure.append(e)

    run = threading.Thread(target=publish)
    run.start()
    time.sleep(1.0)
    slow.kill()
    run.join(30)
    assert failure and failure[0].message.code == "publish.dropped"
    assert "127.0.0.1" in failure[0].text("ru")
    for name, data in tree(ftp_server.root).items():  # every file a reader finds is a whole one, old or new
        assert data in (old[name], new[name]), name
    assert any(p.name.endswith(".prefprint-part") for p in ftp_server.root.rglob(".*"))  # it was under way
    again = FtpServer(ftp_server.root, port=ftp_server.port)
    try:
        report = sync(site, target)
    finally:
        again.kill()
    assert sorted(report.uploaded) == sorted(new)
    assert tree(ftp_server.root) == new
    assert not [p for p in ftp_server.root.rglob("*") if p.name.startswith(".") and p.name != MANIFEST]


def test_a_second_run_at_once_waits_then_refuses(site, ftp_server):
    target = parse_target(ftp_server.url)
    with local_lock(target, 0):  # a run of this machine under way
        started = time.monotonic()
        with pytest.raises(PublishError) as e:
            sync(site, target, wait=0.5)
        assert time.monotonic() - started >= 0.5
    assert e.value.message.code == "publish.locked_here"
    held = {"token": "x", "host": "laptop-2", "time": time.time()}  # another machine's run
    (ftp_server.root / LOCK).write_text(json.dumps(held))
    with pytest.raises(PublishError) as e:
        sync(site, target, wait=0.5)
    assert e.value.message.code == "publish.locked" and "laptop-2" in e.value.text("en")
    assert tree(ftp_server.root) == {}
    held["time"] = time.time() - 3600  # a killed run's lock, long stale: taken over
    (ftp_server.root / LOCK).write_text(json.dumps(held))
    assert sorted(sync(site, target, wait=0.5).uploaded) == sorted(SITE)
    assert not (ftp_server.root / LOCK).exists()


def test_two_runs_started_together_never_interleave(site, ftp_server):
    target = parse_target(ftp_server.url)
    results = []

    def publish():
        try:
            results.append(sync(site, target, wait=10))
        except PublishError as e:
            results.append(e)

    runs = [threading.Thread(target=publish) for _ in range(2)]
    for r in runs:
        r.start()
    for r in runs:
        r.join(30)
    uploaded = sorted(len(r.uploaded) for r in results)
    assert uploaded == [0, len(SITE)]  # the second waited, then found nothing left to do
    assert tree(ftp_server.root) == tree(site)


def test_a_refused_login_names_the_host_and_never_the_password(site, ftp_server, monkeypatch):
    monkeypatch.setenv("PREFPRINT_FTP_PASSWORD", "wrong-password")
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(ftp_server.url))
    assert e.value.message.code == "publish.login_refused"
    for lang in ("ru", "en"):
        text = e.value.text(lang)
        assert "127.0.0.1" in text and "club" in text and "wrong-password" not in text and PASSWORD not in text


def test_the_password_is_read_from_netrc_where_the_environment_has_none(site, ftp_server, monkeypatch, tmp_path):
    monkeypatch.delenv("PREFPRINT_FTP_PASSWORD")
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(ftp_server.url))
    assert e.value.message.code == "publish.no_password" and "PREFPRINT_FTP_PASSWORD" in e.value.text("ru")
    netrc = tmp_path / "home" / ".netrc"
    netrc.write_text(f"machine 127.0.0.1 login club password {PASSWORD}\n")
    netrc.chmod(0o600)
    assert sorted(sync(site, parse_target(ftp_server.url)).uploaded) == sorted(SITE)


def test_a_wrong_folder_and_an_unreachable_host_are_said_with_the_host(site, ftp_server):
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(ftp_server.url + "no/such/folder"))
    assert e.value.message.code == "publish.bad_path" and "no/such/folder" in e.value.text("ru")
    port = ftp_server.port
    ftp_server.kill()
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(f"ftp://club@127.0.0.1:{port}/"))
    assert e.value.message.code == "publish.unreachable" and "127.0.0.1" in e.value.text("en")


# --------------------------------------------------------------------------- a folder


def test_a_folder_target_is_kept_the_same_way(site, tmp_path, monkeypatch):
    home(tmp_path, monkeypatch)
    web = make_site(tmp_path / "drive", {"mine.txt": b"the club's"})
    target = parse_target(str(web))
    assert sorted(sync(site, target).uploaded) == sorted(SITE)
    assert sync(site, target).uploaded == []
    (site / "index.html").unlink()
    assert sync(site, target).removed == ["index.html"]
    assert tree(web) == tree(site) | {"mine.txt": b"the club's"}
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(str(tmp_path / "nowhere")))
    assert e.value.message.code == "publish.bad_path"


def test_what_a_killed_run_left_pending_is_taken_as_ours_and_finished(site, tmp_path, monkeypatch):
    """A run killed after renaming a new file in and before writing its manifest, with a temporary file and a
    removal left: the next run neither refuses the renamed file as the club's nor leaves the rest behind."""
    home(tmp_path, monkeypatch)
    web = make_site(tmp_path / "web", {"about.html": b"the club's"})
    target = parse_target(str(web))
    sync(site, target)
    manifest = json.loads((web / MANIFEST).read_text())
    make_site(site, {"players/3.html": "new player"})
    (site / "season-1.html").unlink()
    make_site(web, {"players/3.html": "new player", "players/.2.html.prefprint-part": "half"})
    manifest["pending"] = ["players/3.html", "players/.2.html.prefprint-part", "season-1.html"]
    (web / MANIFEST).write_text(json.dumps(manifest))
    report = sync(site, target)
    assert report.uploaded == ["players/3.html"] and report.removed == ["season-1.html"]
    assert tree(web) == tree(site) | {"about.html": b"the club's"}
    assert sorted(p.name for p in web.rglob(".*")) == [MANIFEST]
    assert json.loads((web / MANIFEST).read_text())["pending"] == []


def test_a_full_disk_is_said_and_the_next_run_finishes(site, tmp_path, monkeypatch):
    """The temporary file of index.html is a link to /dev/full: writing it fails as on a full disk."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    home(tmp_path, monkeypatch)
    web = tmp_path / "web"
    web.mkdir()
    (web / ".index.html.prefprint-part").symlink_to("/dev/full")
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(str(web)))
    assert e.value.message.code == "publish.disk_full" and str(web) in e.value.text("ru")
    assert tree(web) == {} and tree(site) == {k: v.encode() if isinstance(v, str) else v for k, v in SITE.items()}
    (web / ".index.html.prefprint-part").unlink()  # space made
    assert sorted(sync(site, parse_target(str(web))).uploaded) == sorted(SITE)
    assert tree(web) == tree(site)


def test_ftp_takes_tls_where_the_server_offers_it_and_ftps_requires_it(site, tmp_path, ftp_server):
    pytest.importorskip("OpenSSL")  # pyftpdlib's TLS
    from servers import self_signed

    (tmp_path / "tls-web").mkdir()
    cert = self_signed(tmp_path / "cert.pem")
    tls = FtpServer(tmp_path / "tls-web", cert=cert)  # refuses anything in clear
    try:
        assert sorted(sync(site, parse_target(tls.url, cafile=str(cert))).uploaded) == sorted(SITE)
        assert sync(site, parse_target(tls.url.replace("ftp://", "ftps://"), cafile=str(cert))).uploaded == []
    finally:
        tls.kill()
    assert tree(tmp_path / "tls-web") == tree(site)
    with pytest.raises(PublishError) as e:  # a server without TLS, and ftps:// asked for it
        sync(site, parse_target(ftp_server.url.replace("ftp://", "ftps://")))
    assert e.value.message.code == "publish.no_tls" and tree(ftp_server.root) == {}


def test_an_ftps_certificate_is_checked_a_self_signed_one_refused_unless_given_as_cafile(site, tmp_path, ftp_server):
    pytest.importorskip("OpenSSL")
    from servers import self_signed

    (tmp_path / "tls-web").mkdir()
    cert = self_signed(tmp_path / "cert.pem")
    other = self_signed(tmp_path / "other.pem")  # another host's certificate
    tls = FtpServer(tmp_path / "tls-web", cert=cert)
    try:
        for url in (tls.url, tls.url.replace("ftp://", "ftps://")):
            for cafile in ("", str(other)):
                with pytest.raises(PublishError) as e:
                    sync(site, parse_target(url, cafile=cafile))
                assert e.value.message.code == "publish.not_trusted"
                assert "127.0.0.1" in e.value.text("ru") and "[publish] cafile" in e.value.text("en")
        assert tree(tmp_path / "tls-web") == {}  # refused before anything was sent
        (tmp_path / "spec").mkdir()
        (tmp_path / "spec" / "host.pem").write_bytes(cert.read_bytes())
        target = parse_target(tls.url.replace("ftp://", "ftps://"), base=tmp_path / "spec", cafile="host.pem")
        assert target.cafile == str(tmp_path / "spec" / "host.pem")  # beside the TOML file
        assert sorted(sync(site, target).uploaded) == sorted(SITE)
    finally:
        tls.kill()
    assert tree(tmp_path / "tls-web") == tree(site)
    with pytest.raises(PublishError) as e:
        sync(site, parse_target(ftp_server.url, cafile=str(tmp_path / "missing.pem")))
    assert e.value.message.code == "publish.bad_cafile" and "missing.pem" in e.value.text("en")


def test_only_folders_prefprint_made_are_removed_and_a_manifest_never_reaches_outside(tmp_path, monkeypatch):
    home(tmp_path, monkeypatch)
    web = tmp_path / "drive" / "web"
    (web / "gallery").mkdir(parents=True)  # the club's, empty
    (tmp_path / "drive" / "outside.txt").write_text("not under the target")
    site = make_site(tmp_path / "site", {"index.html": "i", "gallery/a.html": "a", "new/deep/b.html": "b"})
    target = parse_target(str(web))
    sync(site, target)
    assert json.loads((web / MANIFEST).read_text())["folders"] == ["new", "new/deep"]
    (site / "gallery" / "a.html").unlink()
    (site / "new" / "deep" / "b.html").unlink()
    assert sorted(sync(site, target).removed) == ["gallery/a.html", "new/deep/b.html"]
    assert (web / "gallery").is_dir() and not (web / "new").exists()  # the club's folder kept, ours gone
    manifest = json.loads((web / MANIFEST).read_text())
    manifest["pending"] = ["../outside.txt", "/etc/hostname"]  # edited by hand
    (web / MANIFEST).write_text(json.dumps(manifest))
    (site / "index.html").write_text("changed")
    assert sync(site, target).removed == []
    assert (tmp_path / "drive" / "outside.txt").read_text() == "not under the target"


def test_a_folder_synced_under_the_site_shares_its_manifest_and_the_sites_next_publish_takes_it(tmp_path, ftp_server):
    club = make_site(tmp_path / "club", {"index.html": "club", "evenings/e1/index.html": "e1"})
    live = make_site(tmp_path / "live", {"index.html": "live 1", "deals/deal-1.html": "d1", "old.html": "o"})
    (ftp_server.root / "gallery.html").write_text("the club's own")
    target = parse_target(ftp_server.url)
    sync(club, target)
    first = sync(live, target, under="evenings/e2")
    assert sorted(first.uploaded) == ["evenings/e2/deals/deal-1.html", "evenings/e2/index.html", "evenings/e2/old.html"]
    (live / "old.html").unlink()
    (live / "index.html").write_text("live 2")
    second = sync(live, target, under="evenings/e2/")
    assert second.uploaded == ["evenings/e2/index.html"] and second.removed == ["evenings/e2/old.html"]
    web = tree(ftp_server.root)
    assert web["index.html"] == b"club" and web["evenings/e1/index.html"] == b"e1"  # the site's other files kept
    assert web["evenings/e2/index.html"] == b"live 2" and "evenings/e2/old.html" not in web
    manifest = json.loads((ftp_server.root / MANIFEST).read_text())
    assert sorted(manifest["files"]) == ["evenings/e1/index.html", "evenings/e2/deals/deal-1.html",
                                         "evenings/e2/index.html", "index.html"]  # fmt: skip
    # the final results in the club's site replace the live copy: its files are prefprint's, not the club's
    (club / "evenings" / "e2").mkdir()
    (club / "evenings" / "e2" / "index.html").write_text("final")
    final = sync(club, target)
    assert final.uploaded == ["evenings/e2/index.html"] and final.removed == ["evenings/e2/deals/deal-1.html"]
    assert tree(ftp_server.root) == tree(club) | {"gallery.html": b"the club's own"}
