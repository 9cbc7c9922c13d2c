import type { Generated } from 'kysely';
import type { CmsContentState } from '@panel/contracts/cms';

/** The tables of `migrations/2200_cms.sql`, as the drivers answer them. */
export interface CmsCategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  position: number;
  version: Generated<number>;
  created_by: string;
  created_at: Generated<string>;
}

export interface CmsContentsTable {
  id: Generated<number>;
  title: string;
  body: string;
  category_id: number;
  cover_media_id: number | null;
  state: Generated<CmsContentState>;
  version: Generated<number>;
  published_at: string | null;
  created_by: string;
  created_at: Generated<string>;
  updated_by: string;
  updated_at: Generated<string>;
}

export interface CmsContentTagsTable {
  content_id: number;
  model_id: number;
}

export interface CmsContentMediaTable {
  content_id: number;
  media_id: number;
}

export interface CmsContentEditorsTable {
  content_id: number;
  username: string;
  fullname: string;
  since: Generated<string>;
  seen_at: Generated<string>;
}

export interface CmsTables {
  cms_categories: CmsCategoriesTable;
  cms_contents: CmsContentsTable;
  cms_content_tags: CmsContentTagsTable;
  cms_content_media: CmsContentMediaTable;
  cms_content_editors: CmsContentEditorsTable;
}
