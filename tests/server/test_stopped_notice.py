"""The page's "the app stopped" notice: the script goes into HTML pages only, once, with a right length."""

from flet_helpers import run_async

from companion.server.stopped_notice import MESSAGE, StoppedNotice, script


def serve(body: bytes, content_type: bytes, status: int = 200, method: str = "GET"):
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body[:10], "more_body": True})
        await send({"type": "http.response.body", "body": body[10:]})

    sent = []

    async def send(message):
        sent.append(message)

    run_async(StoppedNotice(app)({"type": "http", "method": method, "path": "/"}, None, send))
    headers = dict(sent[0]["headers"])
    return b"".join(m.get("body", b"") for m in sent[1:]), headers


def test_the_script_goes_before_the_head_end_of_an_html_page():
    page = b"<html><head><title>x</title></head><body></body></html>"
    body, headers = serve(page, b"text/html; charset=utf-8")
    assert body.count(script()) == 1 and body.index(script()) < body.index(b"</head>")
    assert headers[b"content-length"] == str(len(body)).encode()
    assert MESSAGE.encode() in body


def test_other_responses_are_untouched():
    js = b"var a = '</head>';" * 3
    assert serve(js, b"application/javascript")[0] == js
    page = b"<html><head></head></html>"
    assert serve(page, b"text/html", status=304)[0] == page
