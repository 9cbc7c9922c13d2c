import { Badge, Box, HStack, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { CAR_FACTS, CAR_FACT_LIST, CAR_RECORD_KINDS, CAR_SECTIONS, type CarHistory, type CarRecordRef } from '@panel/contracts/car-detail';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { DetailGroups, HistoryTimeline, MessageText, type DetailField, type HistoryEntry } from '@panel/ui';
import { carRecordPath } from './car-record-link';

/** A record as a link to its own screen: its kind and the code a person reads for it. */
function RecordLink({ source }: { source: CarRecordRef }) {
  return (
    <Link asChild colorPalette="green" textDecoration="underline">
      <RouterLink to={carRecordPath(source)}>
        <MessageText text={`${CAR_RECORD_KINDS[source.kind]} ${source.code ?? source.id}`} />
      </RouterLink>
    </Link>
  );
}

/** The facts as the records state them; a fact two records state differently shows both values with their records. */
const FACT_FIELDS: DetailField<CarHistory>[] = CAR_FACT_LIST.map((fact) => ({
  label: CAR_FACTS[fact],
  value: (history) => {
    const values = history.facts.find((f) => f.fact === fact)?.values ?? [];
    if (values.length === 0) return 'ثبت نشده';
    return (
      <Stack gap="1">
        {values.map((v) => (
          <Box key={v.value}>
            <Text as="span" fontWeight="medium">
              <MessageText text={v.value} />
            </Text>
            <Text as="span" textStyle="xs" color="fg.muted">
              {' به گفتهٔ '}
              {v.sources.map((source, n) => (
                <Box as="span" key={`${source.kind}-${source.id}`}>
                  {n > 0 && '، '}
                  <RecordLink source={source} />
                </Box>
              ))}
            </Text>
          </Box>
        ))}
      </Stack>
    );
  },
}));

/** What each part of the company knows of the car: a count, or plainly that it knows nothing. */
function Sections({ history }: { history: CarHistory }) {
  return (
    <Box as="section" aria-label="آنچه هر بخش می‌داند" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="3" color="fg.muted">
        آنچه هر بخش می‌داند
      </Heading>
      <SimpleGrid as="ul" listStyleType="none" m="0" p="0" columns={{ base: 1, md: 2, xl: 4 }} gap="3">
        {history.sections.map(({ section, count }) => (
          <Box as="li" key={section} borderWidth="1px" borderRadius="md" p="3" bg={count > 0 ? 'bg' : 'bg.muted'}>
            <HStack justify="space-between" mb="1">
              <Text fontWeight="medium">{CAR_SECTIONS[section].label}</Text>
              <Badge colorPalette={count > 0 ? 'green' : 'gray'} variant="subtle">
                {count > 0 ? `${toPersianDigits(count)} مورد` : 'بدون داده'}
              </Badge>
            </HStack>
            {count === 0 && (
              <Text textStyle="sm" color="fg.muted">
                {CAR_SECTIONS[section].none}
              </Text>
            )}
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** The time line, newest first: when (Jalali, Tehran), what happened with its state, and a link to the record. */
function timeline(history: CarHistory): HistoryEntry[] {
  return history.events.map((e) => ({
    key: e.key,
    at: formatJalaliDateTime(e.at),
    who: e.who ?? CAR_SECTIONS[e.section].label,
    title: (
      <HStack as="span" gap="2" wrap="wrap">
        <Link asChild colorPalette="green">
          <RouterLink to={carRecordPath(e.ref)}>
            <MessageText text={e.title} />
          </RouterLink>
        </Link>
        {e.state && (
          <Badge variant="subtle" colorPalette="gray">
            {e.state}
          </Badge>
        )}
      </HStack>
    ),
    detail: e.detail ? <MessageText text={e.detail} /> : undefined,
  }));
}

/** One car: its identity as the records state it, what each part of the company knows, the time line. */
export function CarHistoryView({ history }: { history: CarHistory }) {
  return (
    <Stack gap="4">
      <DetailGroups item={history} groups={[{ title: 'شناسنامهٔ خودرو به گفتهٔ سوابق', fields: FACT_FIELDS }]} columns={1} />
      <Sections history={history} />
      <HistoryTimeline title="خط زمانی خودرو" entries={timeline(history)} emptyText="رویدادی ثبت نشده است." />
    </Stack>
  );
}
