// English strings of the shell (lobby, match page, generic renderer).
// Every language file has the same keys; {name} marks a value filled in at run time, and
// {n, plural, one {…} other {…}} picks the form for a count (docs/client.md).
// The service's own reasons (keys "app.*", in reject frames) are English on the server
// already: only other languages translate them here.
export default {
  brandHome: "Caravela — lobby",
  tagline: "Board games of the Age of Discovery, with friends.",
  language: "Language",
  skip: "Skip to content",
  loading: "Loading…",
  retry: "Try again",
  and: "and",

  // identity
  yourName: "Your name",
  namePlaceholder: "e.g. Ana",
  saveName: "Save",
  nameSaved: "Saved",
  nameRequired: "Please enter your name first.",
  nameHint: "Friends see this name at the table.",
  playingAs: "Playing as {name}",

  // lobby
  games: "Games",
  noGames: "No games are available on this server.",
  playerCount: "{min}–{max} players",
  playerCountOne: "{n} players",
  newMatch: "New match",
  game: "Game",
  seats: "Players",
  options: "Options",
  "option.goa.auctioneer_may_match": "Auctioneer may match the high bid (first edition)",
  defaults: "Default options",
  create: "Create match",
  creating: "Creating…",
  matches: "Open and running matches",
  refresh: "Refresh",
  updated: "Updated {time}",
  noMatches: "No matches yet. Create one and share the invite link.",
  "status.open": "Waiting for players",
  "status.running": "In progress",
  "status.finished": "Finished",
  "status.abandoned": "Abandoned",
  seatsFilled: "{filled}/{total} seats",
  join: "Join",
  watch: "Watch",
  resume: "Resume",
  host: "Host",
  hostedBy: "Host: {name}",

  // connection
  "conn.connected": "Connected",
  "conn.connecting": "Connecting…",
  "conn.reconnecting": "Reconnecting…",
  "conn.offline": "Offline",
  "conn.retry": "Reconnect",

  // status line
  yourTurn: "Your turn",
  waitingFor: "Waiting for {names}…",
  waitingPlayers: "Waiting for players ({filled}/{total})",
  waitingHost: "Waiting for {name} to start the game",
  hostReady: "All seats are filled — start when ready",
  hostWaiting: "Invite friends or add bots, then start the game",
  gameOver: "Game over",
  winnerIs: "Game over — {names} won",
  draw: "Game over — a draw",
  abandoned: "This match was abandoned.",
  sending: "Sending…",

  // seats and panels
  seat: "Seat {n}",
  emptySeat: "Empty seat",
  bot: "Bot",
  human: "Player",
  online: "Online",
  away: "Away",
  you: "you",
  toAct: "To act",
  players: "Players",
  joinSeat: "Join",
  joinSeatLabel: "Take seat {n}",
  addBot: "Add bot",
  removeBot: "Remove bot",
  leave: "Leave",
  start: "Start game",
  starting: "Starting…",
  copyInvite: "Copy invite link",
  copied: "Copied",
  copyFailed: "Copy this link: {url}",
  watching: "Watching",
  waitingRoom: "Waiting room",
  inviteHint: "Share the invite link with friends. The host starts the game once every seat is filled.",
  joinHint: "Enter your name, then pick a free seat.",

  // log
  log: "Game log",
  logEmpty: "Nothing has happened yet.",
  logEarlier: "Earlier lines",
  logLoading: "Loading earlier lines…",
  logLoadFailed: "Earlier lines could not be loaded: {reason}",

  // final screen
  finalScores: "Final scores",
  rank: "Rank",
  player: "Player",
  total: "Total",
  winner: "Winner",
  winners: "Winners",
  tieBreak: "Equal totals are ordered by the game's tie-break.",
  backToLobby: "Back to lobby",
  rematch: "Rematch",

  // errors
  matchNotFound: "This match does not exist.",
  badToken: "Your player token was not accepted. Reload the page to get a new one.",
  rejected: "Not accepted: {reason}",
  dismiss: "Dismiss",
  notConnected: "Not connected to the server.",
  networkError: "Cannot reach the server.",
  rendererFailed: "The board could not be drawn; showing the basic view.",

  // notifications and title
  notify: "Turn alerts",
  notifyOn: "Turn alerts on",
  notifyBlocked: "Notifications are blocked by the browser.",
  titleYourTurn: "● Your turn — Caravela",
  notifyBody: "It is your turn in {game}.",

  // generic renderer
  "generic.state": "Game state",
  "generic.actions": "Your choices",
  "generic.noActions": "Nothing for you to do right now.",
  "generic.spectator": "You are watching this game.",
  "generic.filter": "Filter choices",
  "generic.count": "{n, plural, one {# choice} other {# choices}}",
  "generic.more": "show all",
};
