"""Where a turn notice goes: an e-mail through the server's SMTP, or a player's own webhook.

Each channel either delivers or raises :class:`ChannelError` (the sender retries later);
nothing here touches the database. The words of a notice are a table, in English and
Russian: the server does not know its reader's language, so a notice carries both.
"""

from __future__ import annotations

import asyncio
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from urllib.parse import unquote, urlsplit

import httpx

from app.notices.targets import TargetRefused, resolve
from app.ops.settings import Settings

#: The words of a notice, per language; {game} and {others} are filled in.
WORDS = {
    "en": {
        "title": "Your turn in {game}",
        "body": "It is your turn in {game} (with {others}).",
        "open": "Open the match",
        "why": "You get this because you asked Caravela for turn notices.",
        "unsubscribe": "No more e-mails",
    },
    "ru": {
        "title": "Ваш ход: {game}",
        "body": "Ваш ход в партии {game} (с {others}).",
        "open": "Открыть партию",
        "why": "Вы получили это письмо, потому что включили в Caravela оповещения о ходе.",
        "unsubscribe": "Больше не присылать письма",
    },
}
#: The words of a "rematch offered" notice, where they differ from a turn's.
REMATCH_WORDS = {
    "en": {"title": "A rematch of {game}", "body": "You are offered a seat in a rematch of {game} (with {others})."},
    "ru": {"title": "Реванш: {game}", "body": "Вам предлагают место в реванше {game} (с {others})."},
}
WEBHOOK_TIMEOUT = 10.0
SMTP_TIMEOUT = 20.0


class ChannelError(Exception):
    """A channel could not deliver; the reason is short and safe to store."""


@dataclass(frozen=True)
class TurnNotice:
    """What one notice says, and where its links lead."""

    game: str
    others: str
    match_url: str
    match_id: str
    seat: int
    v: int
    #: ``turn``, or ``rematch`` (a seat offered in a rematch).
    kind: str = "turn"

    def words(self, lang: str) -> dict[str, str]:
        table = {**WORDS[lang], **(REMATCH_WORDS[lang] if self.kind == "rematch" else {})}
        return {k: v.format(game=self.game, others=self.others) for k, v in table.items()}

    @property
    def title(self) -> str:
        """Returns the title in both languages.

        >>> TurnNotice("Goa", "Ben", "https://c.example/m/x", "x", 0, 3).title
        'Your turn in Goa / Ваш ход: Goa'
        """
        return " / ".join(self.words(lang)["title"] for lang in WORDS)

    def text(self) -> str:
        """Returns the plain text of the notice in both languages, each with the match link.

        >>> print(TurnNotice("Goa", "Ben", "https://c.example/m/x", "x", 0, 3).text())
        It is your turn in Goa (with Ben). Open the match: https://c.example/m/x
        Ваш ход в партии Goa (с Ben). Открыть партию: https://c.example/m/x
        """
        return "\n".join(f"{w['body']} {w['open']}: {self.match_url}" for w in map(self.words, WORDS))


def webhook_body(notice: TurnNotice) -> dict:
    """Returns the JSON a webhook gets: fields that Discord (``content``), Matrix hookshot and
    Slack-style bridges (``text``) and ntfy's templates (``title``, ``message``) each read."""
    text = notice.text()
    return {
        "content": text,
        "text": text,
        "title": notice.title,
        "message": text,
        "url": notice.match_url,
        "event": "rematch_offered" if notice.kind == "rematch" else "your_turn",
        "match_id": notice.match_id,
        "seat": notice.seat,
        "v": notice.v,
        "game": notice.game,
    }


def check_webhook_url(url: str) -> str:
    """Returns a webhook address if it is http(s) with a host, else raises ValueError.

    >>> check_webhook_url("https://ntfy.sh/caravela-ana?tpl=1")
    'https://ntfy.sh/caravela-ana?tpl=1'
    >>> check_webhook_url("file:///etc/passwd")
    Traceback (most recent call last):
    ValueError: not an http(s) address
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("not an http(s) address")
    return url.strip()


class Channels:
    """The server's channels: e-mail when ``SMTP_URL`` is set, and webhooks."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.smtp = urlsplit(settings.smtp_url) if settings.smtp_url else None

    @property
    def email_on(self) -> bool:
        return self.smtp is not None

    async def email(self, to: str, notice: TurnNotice, unsubscribe_url: str) -> None:
        """Sends the notice by e-mail, with a link that opens the match and one that unsubscribes."""
        mail = EmailMessage()
        host = self.smtp.hostname if self.smtp else None
        mail["From"] = self.settings.mail_from or f"Caravela <caravela@{host or 'localhost'}>"
        mail["To"] = to
        mail["Subject"] = f"{notice.title} — Caravela"
        mail["Message-ID"] = make_msgid(domain="caravela")
        # RFC 2369/8058: mail clients show their own "unsubscribe" button for this.
        mail["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        lines = [
            notice.text(),
            "",
            " / ".join(w["why"] for w in map(notice.words, WORDS)),
            " / ".join(notice.words(lang)["unsubscribe"] for lang in WORDS) + f": {unsubscribe_url}",
        ]
        mail.set_content("\n".join(lines))
        try:
            await asyncio.to_thread(self._send_mail, mail)
        except (OSError, smtplib.SMTPException) as err:
            raise ChannelError(f"e-mail: {err.__class__.__name__}: {err}"[:250]) from None

    def _send_mail(self, mail: EmailMessage) -> None:
        assert self.smtp is not None
        scheme, host = self.smtp.scheme, self.smtp.hostname or "localhost"
        if scheme == "smtps":
            client: smtplib.SMTP = smtplib.SMTP_SSL(
                host, self.smtp.port or 465, timeout=SMTP_TIMEOUT, context=ssl.create_default_context()
            )
        else:
            client = smtplib.SMTP(host, self.smtp.port or 25, timeout=SMTP_TIMEOUT)
        with client:
            if scheme == "smtp+starttls":
                client.starttls(context=ssl.create_default_context())
            if self.smtp.username:
                client.login(unquote(self.smtp.username), unquote(self.smtp.password or ""))
            client.send_message(mail)

    async def webhook(self, url: str, notice: TurnNotice) -> None:
        """POSTs the notice as JSON to a player's webhook; any answer but 2xx is a failure."""
        try:
            target = await resolve(url, self.settings.webhook_private)
        except TargetRefused as err:
            raise ChannelError(str(err.reason)[:250]) from None
        try:
            async with httpx.AsyncClient(timeout=WEBHOOK_TIMEOUT, follow_redirects=False) as client:
                # To the address just checked: the name is not looked up again (DNS rebinding).
                answer = await client.post(
                    target.url,
                    json=webhook_body(notice),
                    headers={"host": target.host},
                    extensions={"sni_hostname": target.name},
                )
        except httpx.HTTPError as err:
            raise ChannelError(f"webhook: {err.__class__.__name__}: {err}"[:250]) from None
        if not answer.is_success:
            raise ChannelError(f"webhook answered {answer.status_code}")
