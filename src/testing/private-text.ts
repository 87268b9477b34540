/**
 * fast-check arbitraries of private text for the privacy property tests: secrets of the kinds the
 * redactor and the privacy detectors know (each with the part that must never survive), email
 * addresses, and plain words to put around them.
 */
import fc from "fast-check";

const alnum = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{${min},${max}}$`));
/** Secrets of the kinds the redactor and the detectors know, with what must not survive of each. */
export const secret = fc.oneof(
  alnum(20, 40).map((body) => ({ text: `sk-${body}`, leak: `sk-${body}` })),
  fc.stringMatching(/^[A-Za-z0-9]{36}$/).map((body) => ({ text: `ghp_${body}`, leak: body })),
  fc.stringMatching(/^[A-Z0-9]{16}$/).map((body) => ({ text: `AKIA${body}`, leak: `AKIA${body}` })),
  alnum(12, 30).map((body) => ({ text: `xoxb-${body}`, leak: body })),
  fc
    .tuple(alnum(10, 20), alnum(10, 20), alnum(10, 20))
    .map(([a, b, c]) => ({ text: `eyJ${a}.${b}.${c}`, leak: `${b}.${c}` })),
  alnum(16, 32).map((body) => ({ text: `Authorization: Bearer ${body}`, leak: body })),
  // With a digit: eight letters alone may be part of an export's own words ("rguments" in "arguments").
  alnum(8, 20)
    .filter((body) => /\d/.test(body))
    .map((body) => ({ text: `password=${body}`, leak: body })),
  alnum(24, 60).map((body) => ({
    text: `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`,
    leak: body,
  })),
);
/** Email addresses of the shape the personal-data lexicon knows. */
export const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._%+-]{0,15}$/),
    fc.array(fc.stringMatching(/^[a-z0-9]{1,10}$/), { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[a-z]{2,6}$/),
  )
  .map(([local, labels, tld]) => `${local}@${labels.join(".")}.${tld}`);
/** A few plain lower-case words. */
export const words = fc
  .array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 2, maxLength: 12 })
  .map((list) => list.join(" "));
