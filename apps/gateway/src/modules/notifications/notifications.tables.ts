import type { ColumnType, Generated } from 'kysely';

/** The tables of `migrations/1400_notifications.sql`. */
export interface SmsTemplatesTable {
  id: Generated<number>;
  name: string;
  text: string;
  state: Generated<'active' | 'inactive'>;
  version: Generated<number>;
  created_at: Generated<string>;
  created_by: string;
  updated_at: Generated<string>;
  updated_by: string;
}

export interface ManualSmsTable {
  outbox_id: number;
  template_id: number | null;
  /** Written as JSON text, read as the object. */
  placeholder_values: ColumnType<Record<string, string>, string | undefined, string>;
  created_by: string;
  created_at: Generated<string>;
}

export interface ExpertMessagesTable {
  id: Generated<number>;
  text: string;
  audience: ColumnType<unknown, string, string>;
  recipient_count: number;
  created_by: string;
  created_by_name: Generated<string>;
  created_at: Generated<string>;
}

export interface NotificationsTables {
  sms_templates: SmsTemplatesTable;
  manual_sms: ManualSmsTable;
  expert_messages: ExpertMessagesTable;
}
