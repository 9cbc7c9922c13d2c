import { Text } from '@chakra-ui/react';
import { toPersianDigits } from '@panel/contracts/common';
import { SMS_MAX_CHARACTERS, smsParts } from '@panel/contracts/notifications';

/** Characters and SMS parts of a text, as the sender needs them (a Persian part holds 70, then 67). */
export function SmsSize({ text, id }: { text: string; id?: string }) {
  const size = smsParts(text);
  const over = [...text].length > SMS_MAX_CHARACTERS;
  return (
    <Text id={id} fontSize="sm" color={over ? 'fg.error' : 'fg.muted'} aria-live="polite">
      {toPersianDigits(size.characters)} نویسه · {toPersianDigits(size.parts)} پیامک ({size.unicode ? 'فارسی' : 'لاتین'}، هر بخش {toPersianDigits(size.perPart)} نویسه)
    </Text>
  );
}
