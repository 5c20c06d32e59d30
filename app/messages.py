"""Every reason the service gives a person, named once; tests compare against these.

Each is a :class:`Message`: the English sentence (a ``str``, so it compares and
prints as one) plus the ``key`` a client translates it by; ``format`` keeps the
key and remembers its ``args``, so a reject frame can carry both.
"""

from __future__ import annotations


class Message(str):
    """Returns itself as text; ``key`` and ``args`` let a client translate it.

    >>> m = Message("app.stale", "At {now}.").format(now=3)
    >>> m, m.key, m.args
    ('At 3.', 'app.stale', {'now': 3})
    """

    key: str
    args: dict

    def __new__(cls, key: str, text: str, args: dict | None = None) -> Message:
        self = super().__new__(cls, text)
        self.key = key
        self.args = dict(args or {})
        return self

    def format(self, *_unused, **args) -> Message:
        return Message(self.key, str.format(self, **args), args)


UNKNOWN_GAME = Message("app.unknown_game", "Unknown game '{game}'.")
UNKNOWN_MATCH = Message("app.unknown_match", "No such match.")
UNKNOWN_PLAYER = Message("app.unknown_player", "No such player.")
BAD_TOKEN = Message("app.bad_token", "Your player token is missing or unknown; create a player first.")
NOT_HOST = Message("app.not_host", "Only the host of this match may do that.")
NOT_SEATED = Message("app.not_seated", "You do not have a seat in this match.")
ALREADY_SEATED = Message("app.already_seated", "You already sit at this match.")
SEAT_TAKEN = Message("app.seat_taken", "That seat is taken.")
SEAT_OUT_OF_RANGE = Message("app.seat_out_of_range", "This match has seats 0 to {last}.")
NO_FREE_SEAT = Message("app.no_free_seat", "This match is full.")
NOT_OPEN = Message("app.not_open", "This match has already started.")
#: Why a lobby can no longer be joined, one reason each (``Match.ended``).
LOBBY_EXPIRED = Message(
    "app.lobby_expired", "This match expired: nobody started it in time. Create a new one in the lobby."
)
LOBBY_CANCELLED = Message("app.lobby_cancelled", "The host cancelled this match. Create a new one in the lobby.")
MATCH_ABANDONED = Message("app.match_abandoned", "This match was abandoned: nobody plays it any more.")
MATCH_OVER = Message("app.match_over", "This match is over.")
NOT_RUNNING = Message("app.not_running", "This match is not being played (it is {status}).")
SEATS_NOT_FILLED = Message("app.seats_not_filled", "Every seat needs a player or a bot before the start.")
NOT_A_BOT = Message("app.not_a_bot", "There is no bot in that seat.")
UNKNOWN_LEVEL = Message("app.unknown_level", "There is no bot level '{level}': choose {levels}.")
NO_LEVEL_HERE = Message("app.no_level_here", "An empty seat has no bot to set the level of.")
LEVEL_FIXED = Message("app.level_fixed", "A bot's level is fixed once the match has started.")
SEAT_NOT_EMPTY = Message("app.seat_not_empty", "Only an empty seat can be removed.")
TOO_FEW_SEATS = Message("app.too_few_seats", "This game needs at least {min} seats.")
STALE = Message(
    "app.stale",
    "Someone moved first: your view was at version {got}, the match is at {now}. Your view has been refreshed.",
)
FUTURE_VERSION = Message(
    "app.future_version",
    "Version {got} does not exist yet: the match is at {now}. Your view has been refreshed.",
)
ACTION_ID_REUSED = Message("app.action_id_reused", "That action id was already used for another move.")
BAD_CHARACTER = Message(
    "app.bad_character", "Action ids and actions may not hold NUL characters or unpaired surrogates."
)
TOO_DEEP = Message("app.too_deep", "The action is nested too deeply (limit {limit} levels).")
BUSY = Message("app.busy", "The match is busy; try again.")
ADMIN_ONLY = Message("app.admin_only", "Admin token required.")
ADMIN_DISABLED = Message("app.admin_disabled", "The admin API is disabled: set ADMIN_TOKEN.")
FRAME_TOO_BIG = Message("app.frame_too_big", "Message too large (limit {limit} bytes).")
FLOODING = Message("app.flooding", "Too many messages; slow down.")
BINARY_FRAME = Message("app.binary_frame", "Malformed message: send JSON as a text frame, not binary.")
MALFORMED_JSON = Message("app.malformed_json", "Malformed message: not JSON.")
MALFORMED_FRAME = Message("app.malformed_frame", "Malformed message: {detail}")
SPECTATOR_CANNOT_ACT = Message("app.spectator_cannot_act", "Spectators cannot act; take a seat first.")
VIEW_NOT_READY = Message("app.view_not_ready", "The match has not started yet.")
BAD_VERSION = Message("app.bad_version", "Version {v} is out of range 0..{now}.")
SESSION_FAILED = Message("app.session_failed", "The server could not keep this connection; reconnect.")
# History, replay and chat.
NOT_FINISHED = Message("app.not_finished", "A replay opens once the match is over.")
CHAT_MUTED = Message("app.chat_muted", "The host has muted spectators in this match.")
CHAT_TOO_FAST = Message("app.chat_too_fast", "You are sending messages too fast; wait a moment.")
TOO_MANY_REQUESTS = Message(
    "app.too_many_requests", "Too many requests from your address; try again in {seconds} seconds."
)
TEXT_INVISIBLE = Message(
    "app.text_invisible", "Write something that can be seen: this text is all invisible characters."
)
TEXT_REORDERED = Message(
    "app.text_reordered", "Text may not hold the controls that change its direction (U+202A–U+202E, U+2066–U+2069)."
)
CHAT_NEEDS_PLAYER = Message("app.chat_needs_player", "Choose a name before you chat.")
CHAT_EMPTY = Message("app.chat_empty", "A message needs some text (at most {limit} characters).")
UNKNOWN_CHAT = Message("app.unknown_chat", "No such chat message.")
# Play over days: devices, links, passkeys, notice settings.
UNKNOWN_DEVICE = Message("app.unknown_device", "You have no such device.")
LINK_USED_OR_EXPIRED = Message(
    "app.link_used_or_expired", "This sign-in link was already used or has expired; make a new one."
)
LINK_USED = Message(
    "app.link_used",
    "This sign-in link was already used: each works once. Make a new one on a device where you are signed in.",
)
LINK_EXPIRED = Message(
    "app.link_expired",
    "This sign-in link expired (links last {minutes} minutes). Make a new one on a device where you are signed in.",
)
PASSKEY_REPLAYED = Message(
    "app.passkey_replayed", "This passkey answer was used already (each works once); start the sign-in again."
)
PASSKEY_FAILED = Message("app.passkey_failed", "The passkey could not be checked: {why}")
PASSKEY_UNKNOWN = Message("app.passkey_unknown", "This passkey is not known here.")
PASSKEYS_NEED_SECURE_PAGE = Message(
    "app.passkeys_need_secure_page", "Passkeys work only on a secure page (https or localhost)."
)
UNKNOWN_HOST = Message(
    "app.unknown_host",
    "This server does not know {host} as its own name; open it at its own address (its admin may add the name "
    "to ALLOWED_HOSTS).",
)
UNKNOWN_PASSKEY = Message("app.unknown_passkey", "You have no such passkey.")
BAD_WEBHOOK = Message("app.bad_webhook", "A webhook must be an http or https address.")
WEBHOOK_NOT_FOUND = Message("app.webhook_not_found", "The webhook's host {host} cannot be found.")
WEBHOOK_PRIVATE = Message(
    "app.webhook_private",
    "The webhook's host {host} leads to {address}, inside a private network (or an address standing for one): "
    "webhooks go only to public addresses.",
)
EMAIL_OFF = Message("app.email_off", "This server sends no e-mail (it has no SMTP_URL).")

BAD_PUSH = Message("app.bad_push", "This is not a browser's push subscription (an http(s) endpoint and its keys).")
PRIVATE_PUSH = Message(
    "app.private_push", "This push service is on a private address, which this server does not call."
)
# Resign and rematch.
RESIGNED = Message("app.resigned", "You resigned: your bot plays this seat to the end.")
REMATCH_NOT_FINISHED = Message("app.rematch_not_finished", "A rematch follows a finished match.")
NOT_A_PLAYER = Message("app.not_a_player", "Only the players of this match may ask for its rematch.")
NO_OFFER = Message("app.no_offer", "There is no rematch seat waiting for an answer here.")
OFFERS_PENDING = Message("app.offers_pending", "Some players have not answered the rematch yet.")
# Clocks and absent players.
NOT_AWAY = Message("app.not_away", "Your seat is yours already: no bot plays for it.")
NOT_A_PERSON = Message("app.not_a_person", "Only a person's seat can be handed to its bot.")
ALREADY_AWAY = Message("app.already_away", "Its bot already plays for that seat.")
STILL_HERE = Message(
    "app.still_here",
    "{name} was here {ago} min ago: you may hand the seat to its bot in {minutes} min, if they stay away.",
)
STILL_HERE_HOURS = Message(
    "app.still_here_hours",
    "{name} was here {ago} h ago: you may hand the seat to its bot in {hours} h, if they stay away.",
)
ONLINE_NOW = Message("app.online_now", "{name} has this match open right now: a player who is here keeps the seat.")
