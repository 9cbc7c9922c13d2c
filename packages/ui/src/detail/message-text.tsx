import { Fragment } from 'react';
import { toPersianDigits } from '@panel/contracts/common';

/**
 * A link, or a code a person copies as it is: a run of Latin letters and digits holding at least
 * one of each (a discount code RF3A9B0C12DE, a token PE6gPT7b). Plain numbers are not codes.
 */
const LATIN_PATTERN = /(https?:\/\/\S+|(?<![A-Za-z0-9])(?=[A-Za-z0-9]*[A-Za-z])(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]+(?![A-Za-z0-9]))/g;

/**
 * A message's text as a person reads it: Persian digits, except in links and codes, which stay
 * Latin and left to right (`data-ltr`) because that is what the recipient gets and what one copies.
 */
export function MessageText({ text }: { text: string }) {
  return text.split(LATIN_PATTERN).map((part, n) =>
    n % 2 === 1 ? (
      <bdi key={n} dir="ltr" data-ltr="">
        {part}
      </bdi>
    ) : (
      <Fragment key={n}>{toPersianDigits(part)}</Fragment>
    ),
  );
}
