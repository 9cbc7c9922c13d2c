import type { Generated } from 'kysely';

/** Tables of migration 0302: a staff message in an order's chat thread (a reported difference). */
export interface InspectionChatMessagesTable {
  id: Generated<number>;
  inspection_pk: number;
  author_username: string;
  author_fullname: Generated<string>;
  text: string;
  at: Generated<string>;
}

export interface InspectionOrdersTables {
  inspection_chat_messages: InspectionChatMessagesTable;
}
