import { z } from 'zod';
import { CANCEL_TYPES, DATE_OPTION_TYPES } from './sheet';

export const DateOptionTypeSchema = z.enum(DATE_OPTION_TYPES);
export const CancelTypeSchema = z.enum(CANCEL_TYPES);
