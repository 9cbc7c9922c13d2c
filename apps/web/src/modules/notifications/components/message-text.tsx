import { Fragment } from 'react';
import { toPersianDigits } from '@panel/contracts/common';

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/**
 * A message's text as a person reads it: Persian digits, except in links, which stay Latin and
 * left to right (`data-ltr`) because that is what the recipient gets and what one copies.
 */
export function MessageText({ text }: { text: string }) {
  return text.split(URL_PATTERN).map((part, n) =>
    n % 2 === 1 ? (
      <bdi key={n} dir="ltr" data-ltr="">
        {part}
      </bdi>
    ) : (
      <Fragment key={n}>{toPersianDigits(part)}</Fragment>
    ),
  );
}
