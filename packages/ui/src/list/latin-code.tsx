import { Text, type TextProps } from '@chakra-ui/react';

/**
 * A code a person copies into another system as it is (a token, a post code): left to right,
 * isolated from the Persian around it, and Latin on purpose, so its digits are never turned
 * into Persian ones (`data-ltr`, which the e2e digit walker honours).
 */
export function LatinCode({ value, ...props }: { value: string } & Omit<TextProps, 'children'>) {
  return (
    <Text as="span" dir="ltr" unicodeBidi="isolate" fontFamily="mono" data-ltr="" {...props}>
      {value}
    </Text>
  );
}
