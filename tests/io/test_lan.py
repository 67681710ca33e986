"""This machine's addresses on the network: found by routes and the machine's name, never by sending anything."""

from __future__ import annotations

import socket

import pytest

from prefprint.io import lan


@pytest.mark.parametrize(
    "host,loopback",
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("localhost", True),
        ("LocalHost.", True),
        ("::1", True),
        ("[::1]", True),
        ("::ffff:127.0.0.1", True),
        ("192.168.1.10", False),
        ("0.0.0.0", False),
        ("club.example.org", False),
    ],
)
def test_loopback_is_any_address_only_this_machine_reaches(host, loopback):
    assert lan.is_loopback(host) is loopback


@pytest.mark.parametrize(
    "url,loopback",
    [
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000/", True),
        ("http://[::1]:8000", True),
        ("http://192.168.1.10:8000", False),
        ("https://club.example.org", False),
        ("http://[::1", False),  # not an address at all: nothing said of it here (the spec checks urls)
    ],
)
def test_a_loopback_url_is_known_by_its_host(url, loopback):
    assert lan.is_loopback_url(url) is loopback


def test_the_route_towards_an_address_is_found_by_a_udp_connect_that_sends_nothing():
    assert lan.route_address("127.0.0.1") == "127.0.0.1"


def test_no_route_is_none_not_an_error(monkeypatch):
    class Unroutable(socket.socket):
        def connect(self, where):
            raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(lan.socket, "socket", Unroutable)
    assert lan.route_address("192.168.255.255") is None


def test_the_routes_give_the_addresses_loopback_and_link_local_left_out_each_once():
    routes = {"192.168.255.255": "192.168.1.10", "10.255.255.255": "10.0.0.5", "172.31.255.255": "192.168.1.10"}
    asked = []
    assert lan.lan_addresses(routes.get, lambda: asked.append(1) or ["192.168.1.99"]) == ["192.168.1.10", "10.0.0.5"]
    assert asked == []  # the routes said it: the machine's name is not looked up
    only_local = {"192.168.255.255": "127.0.0.1", "10.255.255.255": "169.254.3.4"}
    assert lan.lan_addresses(only_local.get, lambda: []) == []


def test_without_a_route_the_machine_s_name_says_its_addresses():
    named = ["127.0.1.1", "192.168.1.10", "fe80::1", "not an address", "192.168.1.10"]
    assert lan.lan_addresses(lambda probe: None, lambda: named) == ["192.168.1.10"]


def test_nothing_found_anywhere_is_an_empty_list():
    assert lan.lan_addresses(lambda probe: None, lambda: []) == []


def test_a_name_that_stands_for_nothing_is_no_address(monkeypatch):
    def unknown(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(lan.socket, "getaddrinfo", unknown)
    assert lan.named_addresses() == []
    monkeypatch.setattr(lan.socket, "getaddrinfo", lambda *a, **k: [(2, 2, 17, "", ("192.168.1.10", 0))])
    assert lan.named_addresses() == ["192.168.1.10"]
