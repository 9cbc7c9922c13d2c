import { optionsOf } from '@panel/contracts/common';
import { AI_QC_MESSAGES, AI_TEXT_KINDS, AI_TEXT_STATES, aiQcListFilter, effectiveAiTextStates, type AiModel } from '@panel/contracts/ai-qc';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { AI_QC_COLUMNS, DEFAULT_AI_QC_COLUMNS } from '../components/ai-qc-columns';
import { AiTextDrawer } from '../components/ai-text-drawer';

const STATE_OPTIONS = optionsOf(AI_TEXT_STATES);
const KIND_OPTIONS = optionsOf(AI_TEXT_KINDS);
const MODELS = { query: trpc.aiQc.models.queryOptions(), options: (models: AiModel[]) => models.map((m) => ({ value: m.name, label: m.name, latin: true })) };

/**
 * AI quality control (/panel/ai-qc, issue 33): the queue of machine-made texts (waiting, oldest
 * first) with every state a filter away; a row opens its drawer (its newest copy), where it is
 * approved, edited and approved, rejected or sent back, and the next waiting text is offered.
 */
export const AiQcListScreen = defineListScreen({
  title: 'کنترل کیفیت متن‌های هوشمند',
  filter: aiQcListFilter,
  procedures: trpc.aiQc,
  csv: { fileName: 'ai-texts', noun: 'متن' },
  columns: AI_QC_COLUMNS,
  columnsKey: 'panel.aiQc.columns',
  defaultColumns: DEFAULT_AI_QC_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'شماره، کد سفارش، توکن آگهی یا واژه', width: '16rem' }),
    f.multi('state', 'وضعیت', STATE_OPTIONS, { placeholder: 'همه وضعیت‌ها', width: '13rem', shown: (filter) => [...(effectiveAiTextStates(filter) ?? [])] }),
    f.choice('kind', 'نوع متن', KIND_OPTIONS, { width: '12rem' }),
    f.choice('model', 'مدل', MODELS, { width: '12rem', more: true }),
    f.yesNo('edited', 'ویرایش‌شده', { more: true }),
    f.range(['createdFrom', 'createdTo'], ['ثبت از', 'ثبت تا'], 'day', { more: true }),
  ],
  label: 'متن‌های هوشمند',
  rowKey: (t) => t.id,
  emptyText: AI_QC_MESSAGES.empty,
  errorText: AI_QC_MESSAGES.loadFailed,
  detail: (d, filter) => <AiTextDrawer text={d.row} queue={{ kind: filter.kind, model: filter.model }} onChange={d.change} onClose={d.close} />,
});

