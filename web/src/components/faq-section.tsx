/**
 * FAQ: ten questions where several answers may be open at once, answered from the business's
 * own facts (its profile, prices and areas).
 *
 * Each is a native disclosure (`<details>`), so a question opens at a tap before the page's
 * scripts have arrived — on one bar of signal that is seconds — and with no script at all; the
 * browser keeps it open through hydration. Not Mantine's Accordion: its code (with its
 * Collapse) the home page would download for this section alone.
 */
import classes from './faq-section.module.css';
import {
  BUILT_IN_PRICES,
  PRICE_KEYS,
  PROMISE_TEXTS,
  afterHoursRule,
  formatCents,
  formatPrice,
  priceCents,
  publicPriceCard,
  serviceAreaText,
  type PriceTable,
} from '@pilbara/shared-schema';
import { useProfile } from './profile-provider';
import { usePublicPrices } from './public-prices';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The cost answer, from the price list in force. */
function costAnswer(prices: PriceTable): string {
  const local = publicPriceCard(prices, PRICE_KEYS.localTowing);
  const afterHours = afterHoursRule(prices);
  const perKm = local?.perKmCents ? `, then ${formatCents(local.perKmCents)} per km` : '';
  const included = local?.note
    ? ` (${local.note.charAt(0).toLowerCase()}${local.note.slice(1)})`
    : '';
  return `Local towing starts at ${formatPrice(local?.priceCents ?? 0)}${included}${perKm}. Recoveries start at ${formatPrice(priceCents(prices, PRICE_KEYS.basicRecovery))}. Call-outs between ${afterHours.window} carry a ${formatPrice(afterHours.cents)} after-hours call-out fee. All prices include GST, there are no city markups, and we tell you the price before we start. See the Pricing page for the full list.`;
}

/** The FAQ with its prices from `prices` (the built-in list when not given). */
export function faqEntries(prices: PriceTable = BUILT_IN_PRICES): FaqEntry[] {
  return FAQ.map((entry) => ({
    question: entry.question,
    answer: typeof entry.answer === 'string' ? entry.answer : entry.answer(prices),
  }));
}

/** An entry whose answer may be worded from the price list in force. */
interface FaqTemplate {
  question: string;
  answer: string | ((prices: PriceTable) => string);
}

const FAQ: readonly FaqTemplate[] = [
  {
    question: 'How quickly can you get to me?',
    answer: PROMISE_TEXTS.faqHowQuickly,
  },
  {
    question: 'Are you really available 24/7?',
    answer: PROMISE_TEXTS.faq247,
  },
  {
    question: 'What types of vehicles can you tow or recover?',
    answer:
      'Cars, utes, 4WDs, vans, motorbikes, caravans and trailers, plus light trucks and work vehicles. Our two trucks cover standard towing and heavy-duty recovery, and we carry the winches, snatch straps and recovery boards to get vehicles out of sand, bulldust, mud and creek crossings.',
  },
  {
    question: 'How much does a tow cost?',
    answer: costAnswer,
  },
  {
    question: 'Do you offer roadside assistance?',
    answer:
      "Yes: jump starts, flat tyre changes, lockouts and fuel delivery. If it can be fixed on the roadside, our mechanic will often sort it on the spot so you don't need a tow at all.",
  },
  {
    question: 'Can you work on mining sites?',
    answer:
      "Yes. Our recovery specialist is certified for mining-site work, and we regularly recover light vehicles and heavy equipment from sites and haul roads across the Pilbara. Mine site jobs are quoted up front because distance and access vary, and we follow each site's induction and safety rules.",
  },
  {
    question: 'Do you do mechanical repairs as well?',
    answer:
      'Yes. Our co-owner is a mechanic with 7 years of experience. We do diagnostics, mobile repairs at your home, work or roadside, and engine and transmission work. Many problems are fixed where the vehicle stands; if not, we tow it in and fix it properly.',
  },
  {
    question: 'Are you licensed and insured?',
    answer:
      "We're a licensed state towing operator with the permits that go with it, and we carry $2M of insurance, so your vehicle is covered from the moment we hook it up until it's delivered. We can also help with the paperwork for your own insurer.",
  },
  {
    question: 'Can I track my tow truck live?',
    answer:
      'Yes. When you book, we text you a tracking link (and email it if you give an address): it opens your job with your driver, their status, the estimated arrival and live updates as the job progresses. Without the link, enter your job ID and the last 4 digits of your phone on the Track Job page.',
  },
  {
    question: 'Which areas do you cover?',
    answer:
      "We're based in Karratha and cover Dampier, Wickham, Roebourne and Point Samson, plus mining operations inland. Roebourne and Point Samson carry a small distance surcharge; mine sites are quoted. Check the coverage map above or the Service Areas page for details.",
  },
];

/** The service-area answer ends with the area the business profile gives (region, radius). */
const AREA_QUESTION = 'Which areas do you cover?';

export function FaqSection() {
  const profile = useProfile();
  const prices = usePublicPrices();
  return (
    <div className={classes.faq}>
      {faqEntries(prices).map((entry) => (
        <details key={entry.question} className={classes.item} data-testid="faq-item">
          <summary className={classes.question}>
            <h3 className={classes.title}>{entry.question}</h3>
          </summary>
          <p className={classes.answer}>
            {entry.answer}
            {entry.question === AREA_QUESTION ? ` We serve ${serviceAreaText(profile)}.` : ''}
          </p>
        </details>
      ))}
    </div>
  );
}
