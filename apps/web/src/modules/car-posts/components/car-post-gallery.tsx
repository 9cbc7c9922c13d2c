import { useState } from 'react';
import { Badge, Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { toPersianDigits } from '@panel/contracts/common';
import type { CarImage } from '@panel/contracts/car-posts';

/** The post's images: the cover first and large, the others as thumbnails that show it large. */
export function CarPostGallery({ images, title }: { images: readonly CarImage[]; title: string }) {
  const ordered = [...images].sort((a, b) => Number(b.is_cover) - Number(a.is_cover));
  const [shown, setShown] = useState(0);
  const current = ordered[Math.min(shown, ordered.length - 1)];
  if (!current) return <Text color="fg.muted">این آگهی تصویری ندارد.</Text>;
  const nameOf = (index: number) => `تصویر ${toPersianDigits(index + 1)} از ${toPersianDigits(ordered.length)}${ordered[index]!.is_cover ? ' (کاور)' : ''}`;
  return (
    <Stack as="section" aria-label="تصاویر آگهی" gap="2" borderWidth="1px" borderRadius="md" p="3" bg="bg" maxW="40rem">
      <Box position="relative">
        <Image src={current.url} alt={`${title}، ${nameOf(shown)}`} width="100%" aspectRatio={3 / 2} objectFit="cover" borderRadius="md" bg="bg.muted" />
        {current.is_cover && (
          <Badge position="absolute" top="2" insetInlineStart="2" colorPalette="green" variant="solid">
            کاور
          </Badge>
        )}
      </Box>
      <HStack gap="2" wrap="wrap">
        {ordered.map((image, index) => (
          <Button
            key={image.url}
            variant={index === shown ? 'solid' : 'outline'}
            p="0.5"
            height="auto"
            aria-label={nameOf(index)}
            aria-pressed={index === shown}
            onClick={() => setShown(index)}
          >
            <Image src={image.url} alt="" width="20" height="14" objectFit="cover" borderRadius="sm" />
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}
