import { Fragment } from 'react';
import { textRuns, toPersianDigits } from '@panel/contracts/common/plain';

/**
 * A message as a person reads it (a server's answer in a toast or an inline error, an SMS): its
 * numbers in Persian digits, its Latin codes (tokens, identifiers, links) as they are, each
 * isolated left to right so the Persian around it cannot reorder it, and marked `data-ltr`
 * (deliberately Latin: what one copies must exist; issue 28, defect 5).
 */
export function MessageText({ text }: { text: string }) {
  return textRuns(text).map((run, n) =>
    run.code ? (
      <bdi key={n} dir="ltr" data-ltr="">
        {run.text}
      </bdi>
    ) : (
      <Fragment key={n}>{toPersianDigits(run.text)}</Fragment>
    ),
  );
}
