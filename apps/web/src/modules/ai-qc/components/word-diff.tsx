import { useMemo } from 'react';
import { Box, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { diffWords } from 'diff';

// What a reviewer changed in a machine's text, word by word (jsdiff). Insertions and deletions are
// marked by more than colour: an inserted run is underlined inside <ins>, a deleted one struck
// through inside <del>, and each starts with words a screen reader says («افزوده:», «حذف‌شده:»).

const MARKS = {
  '& ins': { textDecoration: 'underline', textDecorationThickness: '2px', textUnderlineOffset: '4px', bg: 'green.subtle', color: 'fg', borderRadius: 'sm', px: '0.5' },
  '& del': { textDecoration: 'line-through', textDecorationThickness: '2px', bg: 'red.subtle', color: 'fg', borderRadius: 'sm', px: '0.5' },
} as const;

/** The word diff of `before` → `after`; `clamp` keeps a list cell to so many lines. */
export function WordDiff({ before, after, label, clamp }: { before: string; after: string; label: string; clamp?: number }) {
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  return (
    <Box as="p" role="group" aria-label={label} whiteSpace="pre-wrap" lineHeight="tall" lineClamp={clamp} css={MARKS} m="0">
      {parts.map((part, i) =>
        part.added ? (
          <ins key={i}>
            <VisuallyHidden>افزوده: </VisuallyHidden>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={i}>
            <VisuallyHidden>حذف‌شده: </VisuallyHidden>
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </Box>
  );
}

/** How the marks read, beside a diff. */
export function WordDiffLegend() {
  return (
    <HStack gap="4" textStyle="sm" color="fg.muted" css={MARKS} aria-hidden>
      <Text>
        <ins>افزوده</ins> متن بازبین
      </Text>
      <Text>
        <del>حذف‌شده</del> از متن مدل
      </Text>
    </HStack>
  );
}
