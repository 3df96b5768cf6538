import {
  ADVANCE_PERCENT,
  DAYS_FASTER,
  ELIGIBILITY,
  FEE_PERCENT,
  MIN_MONTHLY_REVENUE_USD,
  fundingWindow,
  percent,
  usd,
} from './constants';
import type { Variant } from './variants';

type CardIcon = 'bolt' | 'percent' | 'receipt' | 'shield' | 'clock' | 'trend';
export type Card = { title: string; subTitle: string; icon: CardIcon };
export type FaqItem = { question: string; answer: string };

type StepCopy = { title: string; description: string; action: string };

export type ApplicationCopy = {
  title: string;
  intro: string;
  step1: StepCopy;
  step2: StepCopy;
  successMessage: StepCopy;
  failureMessage: {
    title: string;
    description: string;
    mailTo: { label: string; subject: string };
  };
};

/** docs/product.md §3.5; the variants' tones: §2.12.2. */
export type CreatorCashCopy = {
  meta: { title: string; description: string; ogHeadline: string };
  welcomebanner: {
    eyebrow: string;
    title: string;
    subtitle: string;
    cta: string;
  };
  creators: { title: string; intro: string; cards: readonly [Card, Card, Card, Card] };
  creatorcash: ApplicationCopy;
  requirementsToJoin: { title: string; intro: string; items: readonly string[] } | null;
  faq: { title: string; items: readonly FaqItem[] } | null;
};

const upTo = `up to ${percent(ADVANCE_PERCENT)}`;
const fee = percent(FEE_PERCENT);
const minRevenue = usd(MIN_MONTHLY_REVENUE_USD);

export const APPLY_PROMISES = [
  'No credit check, so applying never affects your credit',
  `One ${fee} fee, deducted automatically`,
  `Funds in ${fundingWindow} once you are approved`,
] as const;

const STEP_TITLES = {
  step1: 'Connect YouTube',
  step2: 'Submit Your Application',
  successMessage: 'Application Received',
  failureMessage: 'Something Went Wrong',
} as const;

export const OFFER_TERMS = [
  {
    term: 'Advance',
    value: `Up to ${percent(ADVANCE_PERCENT)}`,
    detail: 'of finalized monthly earnings',
  },
  { term: 'Fee', value: fee, detail: 'deducted automatically' },
  { term: 'Funds in', value: fundingWindow, detail: `up to ${DAYS_FASTER} days faster` },
  { term: 'Credit check', value: 'None', detail: 'your channel speaks for you' },
] as const;

const requirements = (intro: string) => ({
  title: 'Requirements to Join',
  intro,
  items: ELIGIBILITY,
});

const notAffiliatedAnswer =
  'No. Creator Cash is not affiliated with YouTube or Google, and an advance does not include monetization or premium tier access.';

export const COPY: Record<Variant, CreatorCashCopy> = {
  v1: {
    meta: {
      title: `Creator Cash: your YouTube earnings up to ${DAYS_FASTER} days sooner`,
      description: `Get ${upTo} of your finalized monthly YouTube earnings in ${fundingWindow}. One ${fee} fee, deducted automatically. No credit check.`,
      ogHeadline: 'Your YouTube earnings, without the wait.',
    },
    welcomebanner: {
      eyebrow: 'Creator Cash for YouTube creators',
      title: 'Your YouTube earnings, without the wait.',
      subtitle: `You already earned it. Get ${upTo} of your finalized monthly YouTube earnings up to ${DAYS_FASTER} days faster, with the money in your account in ${fundingWindow}.`,
      cta: 'Apply Now',
    },
    creators: {
      title: 'Reasons to join',
      intro: 'Built for creators who would rather be making videos than waiting on payouts.',
      cards: [
        {
          icon: 'clock',
          title: `Paid up to ${DAYS_FASTER} days faster`,
          subTitle:
            'Skip the wait for the monthly payout cycle. Get your money once your earnings are finalized.',
        },
        {
          icon: 'percent',
          title: `${percent(ADVANCE_PERCENT)} upfront`,
          subTitle: `Advance ${upTo} of your finalized monthly earnings: money you have already made.`,
        },
        {
          icon: 'receipt',
          title: `One simple ${fee} fee`,
          subTitle:
            'Deducted automatically, so there is nothing to calculate and nothing to chase.',
        },
        {
          icon: 'shield',
          title: 'No credit check',
          subTitle: 'Approval looks at how your channel performs, not at your credit score.',
        },
      ],
    },
    creatorcash: {
      title: 'Apply in minutes',
      intro:
        'Connect your channel, send your application, and we take it from there. No paperwork, no credit check.',
      step1: {
        title: STEP_TITLES.step1,
        description:
          'Link the channel you want an advance on so we can see its finalized earnings.',
        action: 'Connect YouTube',
      },
      step2: {
        title: STEP_TITLES.step2,
        description: 'Check your details and send your application. It takes less than a minute.',
        action: 'Submit Your Application',
      },
      successMessage: {
        title: STEP_TITLES.successMessage,
        description: `Thanks! We are reviewing your channel now. Once you are approved, funds arrive in ${fundingWindow}.`,
        action: 'Check my application status',
      },
      failureMessage: {
        title: STEP_TITLES.failureMessage,
        description:
          'We could not confirm your application just now. Nothing is lost: email our team and we will finish it with you.',
        mailTo: { label: 'Email our support team', subject: 'Creator Cash application' },
      },
    },
    requirementsToJoin: null,
    faq: null,
  },

  v2: {
    meta: {
      title: 'Creator Cash: fund your next video with earnings you already made',
      description: `Advance ${upTo} of your finalized YouTube earnings and reinvest in your channel up to ${DAYS_FASTER} days sooner. ${fee} fee, no credit check, funds in ${fundingWindow}.`,
      ogHeadline: 'Fund your next upload today.',
    },
    welcomebanner: {
      eyebrow: 'Creator Cash',
      title: 'Fund your next upload today.',
      subtitle: `New gear, an editor, a bigger shoot: do not let the payout calendar set your schedule. Advance ${upTo} of your finalized YouTube earnings and have the money in ${fundingWindow}.`,
      cta: 'Apply Now',
    },
    creators: {
      title: 'Reasons to join',
      intro: 'Creators use Creator Cash to keep their momentum between payouts.',
      cards: [
        {
          icon: 'trend',
          title: 'Reinvest while it matters',
          subTitle: `Put your earnings to work up to ${DAYS_FASTER} days sooner, while the trend is still hot.`,
        },
        {
          icon: 'percent',
          title: `Up to ${percent(ADVANCE_PERCENT)} in advance`,
          subTitle: 'Draw on your finalized monthly earnings without a credit check.',
        },
        {
          icon: 'receipt',
          title: 'The fee takes care of itself',
          subTitle: `A single ${fee} fee, deducted automatically. No invoices, no reminders.`,
        },
        {
          icon: 'bolt',
          title: `Money in ${fundingWindow}`,
          subTitle: 'Once you are approved, the advance lands in your checking account fast.',
        },
      ],
    },
    creatorcash: {
      title: 'Start your application',
      intro: 'It takes a few minutes and does not touch your credit.',
      step1: {
        title: STEP_TITLES.step1,
        description:
          'Connect the channel you create on. We only read what we need to size your advance.',
        action: 'Connect YouTube',
      },
      step2: {
        title: STEP_TITLES.step2,
        description: 'Review your details and submit. No documents to upload and no credit check.',
        action: 'Submit Your Application',
      },
      successMessage: {
        title: STEP_TITLES.successMessage,
        description: `You are in the queue. We are looking at your channel now, and approved advances are paid in ${fundingWindow}.`,
        action: 'See where my application is',
      },
      failureMessage: {
        title: STEP_TITLES.failureMessage,
        description:
          'We hit a snag checking your application. Send us a quick email and a real person will help you finish it.',
        mailTo: {
          label: 'Email a Creator Cash specialist',
          subject: 'Help with my Creator Cash application',
        },
      },
    },
    requirementsToJoin: requirements('Check every box below and you are ready to apply.'),
    faq: {
      title: 'Frequently asked questions',
      items: [
        {
          question: 'How much can I get?',
          answer: `Up to ${percent(ADVANCE_PERCENT)} of your finalized monthly YouTube earnings. The exact amount depends on your channel’s performance and estimated earnings.`,
        },
        {
          question: 'What does it cost?',
          answer: `A single ${fee} fee, deducted automatically. There is no credit check and nothing to pay upfront.`,
        },
        {
          question: 'How fast will I get paid?',
          answer: `Funds arrive in ${fundingWindow} once you are approved: up to ${DAYS_FASTER} days faster than waiting for your regular payout.`,
        },
        {
          question: 'Who can apply?',
          answer: `U.S.-based creators in the YouTube Partner Program with no copyright strikes, a channel in good standing, a valid checking account and average monthly revenue of ${minRevenue} or more.`,
        },
        { question: 'Is Creator Cash part of YouTube?', answer: notAffiliatedAnswer },
      ],
    },
  },

  v3: {
    meta: {
      title: 'Creator Cash: cash advances for YouTube creators, no credit check',
      description: `Turn finalized YouTube earnings into cash: ${upTo}, one transparent ${fee} fee deducted automatically, funds in ${fundingWindow}. No credit check.`,
      ogHeadline: 'Get paid like the business you are.',
    },
    welcomebanner: {
      eyebrow: `No credit check. One ${fee} fee.`,
      title: 'Get paid like the business you are.',
      subtitle: `Creator Cash turns your finalized YouTube earnings into cash now: ${upTo}, for one transparent ${fee} fee that is deducted automatically. No credit check, ever.`,
      cta: 'Apply Now',
    },
    creators: {
      title: 'Reasons to join',
      intro: 'Straightforward terms, written for creators rather than bankers.',
      cards: [
        {
          icon: 'shield',
          title: 'No credit check',
          subTitle: 'Your channel’s track record speaks for you. We never pull your credit.',
        },
        {
          icon: 'receipt',
          title: 'Transparent pricing',
          subTitle: `One ${fee} fee, deducted automatically. What you see is what you pay.`,
        },
        {
          icon: 'bolt',
          title: `Funds in ${fundingWindow}`,
          subTitle: 'Approved advances go straight to your checking account.',
        },
        {
          icon: 'clock',
          title: `Up to ${DAYS_FASTER} days faster`,
          subTitle: 'Stop waiting for the monthly payout cycle to catch up with your work.',
        },
      ],
    },
    creatorcash: {
      title: 'Apply with confidence',
      intro: 'A short, no-obligation application. Applying never affects your credit.',
      step1: {
        title: STEP_TITLES.step1,
        description: 'Connect your channel so we can base your offer on real, finalized earnings.',
        action: 'Connect YouTube',
      },
      step2: {
        title: STEP_TITLES.step2,
        description: `Confirm your details and submit. You will see the ${fee} fee before anything is final.`,
        action: 'Submit Your Application',
      },
      successMessage: {
        title: STEP_TITLES.successMessage,
        description: `Your application is with our team. Approved advances are paid in ${fundingWindow}.`,
        action: 'Check my application',
      },
      failureMessage: {
        title: STEP_TITLES.failureMessage,
        description:
          'We could not load your application status. Your information is safe with us; email our team and we will get you sorted.',
        mailTo: {
          label: 'Contact Creator Cash support',
          subject: 'Creator Cash application status',
        },
      },
    },
    requirementsToJoin: requirements(
      'Creator Cash is built for established channels. You can apply if all of these are true:',
    ),
    faq: {
      title: 'Questions, answered plainly',
      items: [
        {
          question: 'How is my advance decided?',
          answer: `We look at your channel’s performance and estimated earnings, then offer ${upTo} of your finalized monthly earnings.`,
        },
        {
          question: 'What is the catch?',
          answer: `There is one ${fee} fee, deducted automatically. No credit check and no hidden extras.`,
        },
        {
          question: 'Does applying affect my credit score?',
          answer: 'No. We do not run a credit check, so applying has no effect on your credit.',
        },
        {
          question: 'When will the money arrive?',
          answer: `In ${fundingWindow} once you are approved, up to ${DAYS_FASTER} days sooner than your usual payout.`,
        },
        {
          question: 'Who is eligible?',
          answer: `U.S.-based creators with a valid checking account who are in the YouTube Partner Program, have no copyright strikes, keep their channel in good standing and average ${minRevenue} or more in monthly revenue.`,
        },
        { question: 'Do I get monetization or premium features?', answer: notAffiliatedAnswer },
      ],
    },
  },
};

export const DISCLAIMER = [
  'Creator Cash is not affiliated with, endorsed by or sponsored by YouTube or Google. YouTube is a trademark of Google LLC.',
  'An advance does not include YouTube monetization or access to premium tiers.',
  'Advance amounts and approval depend on your channel’s performance and estimated earnings.',
] as const;

export function copyFor(variant: Variant): CreatorCashCopy {
  return COPY[variant];
}
