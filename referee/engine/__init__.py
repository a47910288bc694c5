"""The engine layer: what every game's hand shares, configured by each game.

It imports the notation layer only, never a game. Its modules, from the setup to the verdict:

- `game`: the `Game` and `Session` protocols a game package offers; `header` validates a game's
  tags (its own ones too) into a `Setup`, and `cut` checks the first hand against the cut for
  partners and deal a game declares; `rulebook` reads a game's rules and house-rule options;
  `sides` says who plays with whom (partners, sides, adversaries), built once from the setup.
- `table` replays the tricks (turn, following suit, revokes) with the trick rules of `tricks`,
  and knows nothing about penalties; `trace` is what it saw of each card, for the renderers.
- `replay` drives one hand through one explicit state (deal, auction, play, ended) from a game's
  `Declaration`, and finds the irregularities every game shares; `auction` is the turn-taking
  bidding a game declares (`AuctionRules`) and its hand owns; `sitout` a seat that takes no part
  while a partner plays alone.
- `penalties` holds the laws that rule them: one `decide(hand, fact) -> Ruling` a topic, the shared
  default, which a game replaces where its laws differ; `choices` is the rectification model (the
  innocent side's options, what ends them); `exposedcards`, `suitcalls`, `newdeal` and `misere` are
  remedies several games' laws share (cards liable to be called, a suit called at the next lead, a
  new deal, a look back at a quitted trick in a misère). The games of one caller's side against
  the rest (Boston, French Boston) share more: `caller` (the side formed, the misère claim, the
  claim of the rest), `callerlaws` (their penalty laws, declared by each game: options, words,
  whom a requirement binds), `called_hand` (the steps before play: bidding, naming trumps, a
  little misère's discards) and `paytable` (a contract paid from the rulebook's payment table).
- `ledger` records every movement of points, counters or pool once (`scoring` counts honours);
  `laws` names the findings, penalties and open choices; `verdict` is the result as plain data
  (`verdict_schema`, its JSON schema); `session` carries the running score from hand to hand;
  `generators` deals and plays random lawful hands for the property tests.
"""
