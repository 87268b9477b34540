/**
 * The confidence of every graded cue, as data, with where it comes from.
 *
 * Provenance: the development half (even-numbered dialogues) of the `MWOZ.txt` and `ReDial.txt`
 * files of the User Satisfaction Simulation corpus (Sun et al., SIGIR 2021,
 * github.com/sunnweiwei/user-satisfaction-simulation at commit 8ba06bd), read by
 * `tacit signals satisfaction <folder> --half dev --calibration`.
 *
 * Method: a weak or middle cue carries the share of the development-half user turns where it fires
 * that raters scored unsatisfied (≤ 2 of 5) — for a success cue, the share scored satisfied (≥ 4) —
 * smoothed toward 0.25 by ten turns and rounded to 0.05. A cue seen on fewer than 30 development
 * turns keeps the middle value 0.3. A correction that names the replacement is set high: it has
 * the highest share of all cues and says what to do instead. Because each confidence is the chance
 * that its turn was rated that way, the cues of one turn combine as independent evidence into the
 * turn's satisfaction (turn-satisfaction.ts). docs/learning.md has the table.
 */
export const GRADED_CONFIDENCE = {
  openerWithReplacement: 0.8,
  redirectRequest: 0.3,
  pushbackAfterFailure: 0.3,
  bareOpener: 0.35,
  retryRequest: 0.4,
  dislike: 0.35,
  complaint: 0.3,
  alarm: 0.3,
  otherOption: 0.25,
  negatedReply: 0.25,
  notThat: 0.3,
  pursuitAfterShortfall: 0.2,
  unresolvedShortfall: 0.15,
  acceptance: 0.25,
  praise: 0.25,
  enthusiasm: 0.35,
  restatedRequest: 0.15,
  repeatedQuestion: 0.15,
  topicSwitch: 0.1,
} as const;
