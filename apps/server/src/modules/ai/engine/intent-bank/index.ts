import { AFTERSALES_INTENTS } from './aftersales';
import { BEAUTY_INTENTS } from './beauty';
import { BOOKING_INTENTS } from './booking';
import { CARE_INTENTS } from './care';
import { DELIVERY_INTENTS } from './delivery';
import { EVENTS_INTENTS } from './events';
import { FACILITIES_INTENTS } from './facilities';
import { HOME_INTENTS } from './home';
import { LEARNING_INTENTS } from './learning';
import { MEMBERSHIP_INTENTS } from './membership';
import { PAYMENT_INTENTS } from './payment';
import { PETS_KIDS_INTENTS } from './pets-kids';
import { PROFESSIONAL_INTENTS } from './professional';
import { RETAIL_INTENTS } from './retail';
import { SPORTS_INTENTS } from './sports';
import { VEHICLES_INTENTS } from './vehicles';
import type { IntentSample } from './types';

export type { IntentSample } from './types';

/**
 * The built-in intent bank (engine/intents.ts): ~400 needs: ~200 that many kinds of business are asked about and ~200 of particular trades, each with
 * about 30 messages written the way customers type them, most describing their situation rather than naming the
 * need (「下个月出差两个月 卡不就白办了」 for 「会员卡可以暂停吗」). Written without looking at any bench/faq set.
 */
export const INTENT_BANK: readonly IntentSample[] = [
  ...MEMBERSHIP_INTENTS,
  ...BOOKING_INTENTS,
  ...PAYMENT_INTENTS,
  ...DELIVERY_INTENTS,
  ...FACILITIES_INTENTS,
  ...AFTERSALES_INTENTS,
  ...CARE_INTENTS,
  ...LEARNING_INTENTS,
  ...VEHICLES_INTENTS,
  ...HOME_INTENTS,
  ...BEAUTY_INTENTS,
  ...RETAIL_INTENTS,
  ...PETS_KIDS_INTENTS,
  ...EVENTS_INTENTS,
  ...PROFESSIONAL_INTENTS,
  ...SPORTS_INTENTS,
];
