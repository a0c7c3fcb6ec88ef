// The catalog's seeded page copy. Product names, prices and biomarkers per product live in
// demo-catalog.ts; this is the words around them. Checked against the contract when seeded.
import type {
  ContentPage,
  ContentPageKey,
  MainPageContent,
  PageSection,
  QuizContent,
} from '@shop/shared/contract/catalog-content';
import {
  ABOUT_ILLUSTRATION,
  HERO_ILLUSTRATION,
  STEP_COLLECT_ILLUSTRATION,
  STEP_ORDER_ILLUSTRATION,
  STEP_RESULTS_ILLUSTRATION,
} from './catalog-illustrations';
import { BIOMARKER_GUIDE } from './biomarker-guide';

export const MAIN_PAGE_CONTENT: MainPageContent = {
  hero: {
    eyebrow: 'At-home blood testing',
    title: 'Know your numbers. Test your blood at home.',
    description:
      'Lab-grade blood tests with a finger-prick kit delivered to your door. Collect a sample in five minutes, send it back prepaid and read doctor-reviewed results online within days.',
    image: {
      src: HERO_ILLUSTRATION,
      alt: 'A Bloodwise test kit next to a results chart on a phone',
    },
    primaryCta: { label: 'See tests and pricing', href: '/pricing' },
    secondaryCta: {
      label: 'Which test is right for me?',
      href: '/quiz/which-test-is-right-for-me',
    },
    highlights: [
      'CLIA-certified partner labs',
      'Doctor-reviewed results',
      'Ships within one business day, in discreet packaging',
    ],
  },
  howItWorks: {
    title: 'How it works',
    steps: [
      {
        title: 'Order your kit',
        description:
          'Pick a panel or a plan. Your kit ships in discreet packaging within one business day.',
        image: { src: STEP_ORDER_ILLUSTRATION, alt: '' },
      },
      {
        title: 'Collect at home',
        description:
          'A few drops from a finger prick, in about five minutes. Most panels need no fasting.',
        image: { src: STEP_COLLECT_ILLUSTRATION, alt: '' },
      },
      {
        title: 'Read your results',
        description:
          'Send the sample back prepaid. Your results arrive online, explained marker by marker.',
        image: { src: STEP_RESULTS_ILLUSTRATION, alt: '' },
      },
    ],
  },
  biomarkers: {
    title: 'What we measure',
    description:
      'Every complete panel covers the markers doctors rely on most, grouped by what they tell you.',
    groups: [
      {
        name: 'Heart',
        description: 'Cholesterol and inflammation, the main drivers of cardiovascular risk.',
        markers: [
          'Total cholesterol',
          'LDL cholesterol',
          'HDL cholesterol',
          'Triglycerides',
          'hs-CRP',
        ],
      },
      {
        name: 'Metabolism',
        description: 'How your body handles sugar, over the last three months.',
        markers: ['HbA1c', 'Fasting glucose'],
      },
      {
        name: 'Thyroid and energy',
        description: 'Common causes of tiredness that are easy to miss.',
        markers: ['TSH', 'Vitamin D (25-OH)', 'Ferritin'],
      },
      {
        name: 'Liver and kidneys',
        description: 'How well the organs that clear your blood are working.',
        markers: ['ALT', 'Creatinine (eGFR)'],
      },
    ],
    cta: { label: 'Learn about advanced cholesterol', href: '/advanced-cholesterol' },
  },
  about: {
    title: 'Why Bloodwise',
    description:
      'We started Bloodwise so anyone can see their blood work without a clinic visit. Every sample is analysed by a CLIA-certified lab and every report is reviewed by a licensed physician.',
    image: { src: ABOUT_ILLUSTRATION, alt: '' },
    points: [
      'Results reviewed by US-licensed physicians',
      'Your data is encrypted and never sold',
      'Plain-language explanations for every marker',
      'Cancel or pause a plan any time',
    ],
  },
  banner: {
    show: true,
    content:
      'Already tested with your doctor? Upload your lab results for free and get them explained.',
    cta: { label: 'Upload results', href: '/upload-results' },
    color: '#ffffff',
    backgroundColor: '#12343b',
  },
  featuredTitle: 'Popular tests',
  featuredOfferKeys: ['bloodwise-kit', 'bloodwise-quarterly', 'heart-metabolic-program'],
  sections: [
    {
      kind: 'waitlist',
      source: 'ny_waitlist',
      title: 'Coming soon to New York',
      text: 'State rules mean we cannot ship kits to New York yet. Join the waitlist and we will email you the day we launch there.',
      successText:
        'You are on the New York waitlist. We will email you as soon as kits ship to New York.',
      alreadyText:
        'Good news: you were already on the New York waitlist. We will be in touch when we launch.',
    },
    {
      kind: 'referral',
      title: 'Know someone who should check their numbers?',
      text: 'Send a friend an invitation to Bloodwise. We will email them once, and never share their address.',
      successText: 'Thank you! We have sent your friend an invitation.',
    },
  ],
  footer: {
    companyDescription:
      'Bloodwise makes lab-grade blood testing simple, private and affordable, from home.',
    socialLinks: {
      facebook: 'https://www.facebook.com/bloodwise',
      instagram: 'https://www.instagram.com/bloodwise',
      twitter: 'https://twitter.com/bloodwise',
      youtube: 'https://www.youtube.com/@bloodwise',
    },
  },
};

const BILLING_FAQ: PageSection = {
  kind: 'faq',
  title: 'Questions about plans',
  items: [
    {
      question: 'How does a plan work?',
      answer:
        'A new kit ships at the start of each billing period. You pay per period, and you can pause or cancel any time from your account.',
    },
    {
      question: 'Is shipping included?',
      answer:
        'Return shipping is always prepaid. Outbound shipping is calculated at checkout: US orders arrive in 3-4 business days.',
    },
    {
      question: 'Can I use my HSA or FSA card?',
      answer: 'Yes. Most health savings and flexible spending cards work at checkout.',
    },
  ],
};

export const CONTENT_PAGES: Record<ContentPageKey, ContentPage> = {
  pricing: {
    eyebrow: 'Pricing',
    title: 'Simple pricing for lab-grade blood tests',
    lead: 'Every kit includes lab fees, prepaid return shipping and a doctor-reviewed report you can share with your physician.',
    highlights: ['No hidden lab fees', 'Pause or cancel any time', 'HSA and FSA eligible'],
    primaryCta: null,
    secondaryCta: {
      label: 'Not sure? Take the 1-minute quiz',
      href: '/quiz/which-test-is-right-for-me',
    },
    offerKey: null,
    sections: [
      {
        kind: 'offers',
        title: 'Add-ons',
        intro: 'Add these to any kit or plan.',
        offerKeys: ['mini-panel', 'easy-draw', 'bp-monitor-tape', 'unlimited-upgrade'],
      },
      BILLING_FAQ,
    ],
  },
  products: {
    eyebrow: 'Single test',
    title: 'The Bloodwise Complete Panel',
    lead: 'Twelve core biomarkers from one finger-prick sample. Buy it once, or subscribe and save on every kit.',
    highlights: ['Results in about 5 days', 'Doctor-reviewed report', 'Free return shipping'],
    primaryCta: null,
    secondaryCta: { label: 'Compare all plans', href: '/pricing' },
    offerKey: 'bloodwise-kit',
    sections: [
      {
        kind: 'points',
        title: 'What you get',
        intro: null,
        items: [
          {
            title: 'A complete kit',
            text: 'Lancets, a collection tube, a prepaid return envelope and step-by-step instructions.',
          },
          {
            title: 'A certified lab',
            text: 'Your sample is analysed by a CLIA-certified lab, the same standard your doctor uses.',
          },
          {
            title: 'A clear report',
            text: 'Each marker with its range, what it means and what to do next, reviewed by a physician.',
          },
        ],
      },
      BILLING_FAQ,
    ],
  },
  'heart-and-metabolic-program': {
    eyebrow: 'Program pricing',
    title: 'Heart & Metabolic Program',
    lead: 'A year of heart and metabolic testing with a clinician consult after every kit. One price, billed per quarter.',
    highlights: [
      '4 advanced panels a year',
      'Clinician consult after each kit',
      'A plan that adapts to your results',
    ],
    primaryCta: null,
    secondaryCta: { label: 'About the program', href: '/programs/heart-health' },
    offerKey: 'heart-metabolic-program',
    sections: [
      {
        kind: 'steps',
        title: 'Your year on the program',
        intro: null,
        items: [
          {
            title: 'Baseline',
            text: 'Your first advanced panel sets your starting point for ApoB, Lp(a), insulin and more.',
          },
          {
            title: 'Consult and plan',
            text: 'A clinician walks you through the results and agrees three changes with you.',
          },
          {
            title: 'Re-test every quarter',
            text: 'A new kit arrives every three months so you see what is working.',
          },
          { title: 'Year-end review', text: 'A summary of your progress and what to keep doing.' },
        ],
      },
      {
        kind: 'faq',
        title: 'Program questions',
        items: [
          {
            question: 'How long is the program?',
            answer:
              'Twelve months: four kits, one every quarter. You can cancel before any renewal.',
          },
          {
            question: 'Is the consult by video?',
            answer:
              'Yes, a 20-minute video or phone call with a licensed clinician after each result.',
          },
        ],
      },
    ],
  },
  programs: {
    eyebrow: 'Programs',
    title: 'Programs that go beyond a single test',
    lead: 'Structured testing plans with a clinician-designed schedule and support between kits.',
    highlights: ['Clinician-designed schedules', 'Support between kits', 'Cancel any time'],
    primaryCta: { label: 'Explore the heart health program', href: '/programs/heart-health' },
    secondaryCta: null,
    offerKey: null,
    sections: [
      {
        kind: 'offers',
        title: 'Available now',
        intro: null,
        offerKeys: ['heart-metabolic-program'],
      },
      {
        kind: 'waitlist',
        source: 'ca_supplements',
        title: 'Personalised supplements, coming to California',
        text: 'We are preparing supplements matched to your results, starting in California. Join the waitlist to be first in line.',
        successText:
          'You are on the California supplements waitlist. We will email you when it opens.',
        alreadyText:
          'You were already on the California supplements waitlist, so you are all set. We will be in touch.',
      },
    ],
  },
  'heart-health': {
    eyebrow: 'Heart health program',
    title: 'Lower your heart risk with data, not guesswork',
    lead: 'Standard cholesterol tests miss part of the picture. The program measures the markers cardiologists use and re-tests every quarter.',
    highlights: [
      'ApoB and Lp(a) included',
      'Quarterly re-tests',
      'Clinician consult after each kit',
    ],
    primaryCta: { label: 'See program pricing', href: '/pricing/heart-and-metabolic-program' },
    secondaryCta: { label: 'Take the quiz', href: '/quiz/which-test-is-right-for-me' },
    offerKey: 'heart-metabolic-program',
    sections: [
      {
        kind: 'markers',
        title: 'What the program measures',
        intro: 'Every kit in the program includes these markers.',
        items: [
          {
            name: 'ApoB',
            text: 'Counts the particles that carry cholesterol into artery walls: a sharper risk marker than LDL alone.',
          },
          {
            name: 'Lipoprotein(a)',
            text: 'A largely inherited risk factor that standard panels skip.',
          },
          { name: 'hs-CRP', text: 'Low-grade inflammation, linked to heart attacks and strokes.' },
          {
            name: 'Insulin and HbA1c',
            text: 'Early signs of insulin resistance, years before diabetes.',
          },
        ],
      },
      {
        kind: 'cta',
        title: 'Ready to start?',
        text: 'Join the Heart & Metabolic Program and get your first kit within days.',
        cta: { label: 'See program pricing', href: '/pricing/heart-and-metabolic-program' },
      },
    ],
  },
  'understand-your-health': {
    eyebrow: 'Free',
    title: 'Understand your health, for free',
    lead: 'Create a free account to upload past lab results, see every marker explained and track them over time. Upgrade to a kit only when you want one.',
    highlights: ['Free forever', 'Upload results from any US lab', 'Private and secure'],
    primaryCta: { label: 'Create a free account', href: '/signup' },
    secondaryCta: { label: 'Upload results', href: '/upload-results' },
    offerKey: null,
    sections: [
      {
        kind: 'points',
        title: 'What the free tier includes',
        intro: null,
        items: [
          {
            title: 'Plain-language explanations',
            text: 'What each marker means and whether it is in range for you.',
          },
          {
            title: 'Your history in one place',
            text: 'Results from different labs, side by side, with trends.',
          },
          { title: 'Reminders', text: 'A nudge when it is time to re-test, never spam.' },
        ],
      },
      {
        kind: 'offers',
        title: 'Want a quick check first?',
        intro: 'The mini panel covers four key markers for a small price.',
        offerKeys: ['mini-panel'],
      },
      {
        kind: 'referral',
        title: 'Share it with a friend',
        text: 'The free tier is free for everyone. Invite a friend and we will email them once.',
        successText: 'Thank you! We have sent your friend an invitation.',
      },
    ],
  },
  'advanced-cholesterol': {
    eyebrow: 'Lipids',
    title: 'Advanced cholesterol testing',
    lead: 'LDL alone misses part of the picture. ApoB and Lp(a) show how many particles carry cholesterol in your blood, and whether your genes add to your risk.',
    highlights: [
      'ApoB particle count',
      'Lipoprotein(a), tested once for life',
      'Triglyceride to HDL ratio',
    ],
    primaryCta: {
      label: 'See heart program pricing',
      href: '/pricing/heart-and-metabolic-program',
    },
    secondaryCta: { label: 'Compare all tests', href: '/pricing' },
    offerKey: null,
    sections: [
      {
        kind: 'markers',
        title: 'The markers, explained',
        intro: null,
        items: [
          {
            name: 'LDL cholesterol',
            text: 'The classic "bad cholesterol" number: the amount of cholesterol in LDL particles.',
          },
          {
            name: 'ApoB',
            text: 'One ApoB per harmful particle, so it counts particles directly. High ApoB with normal LDL is common and easy to miss.',
          },
          {
            name: 'Lipoprotein(a)',
            text: 'Mostly set by your genes. One in five people has a raised level; one test is usually enough.',
          },
          {
            name: 'Triglycerides and HDL',
            text: 'Their ratio is an early hint of insulin resistance.',
          },
        ],
      },
      {
        kind: 'offers',
        title: 'Tests that include advanced lipids',
        intro: null,
        offerKeys: ['heart-metabolic-program', 'bloodwise-kit'],
      },
    ],
  },
  'upload-results': {
    eyebrow: 'Free results upload',
    title: 'Upload your lab results for free',
    lead: 'Already tested with your doctor? Upload your results and see every marker against its reference range, explained in plain language, with trends alongside your Bloodwise results.',
    highlights: [
      'Works with most US labs',
      'Keeps your history in one place',
      'Free, no kit needed',
    ],
    // Sign-up comes back to the upload; a signed-in visitor goes there at once.
    primaryCta: {
      label: 'Create a free account to upload',
      href: '/signup?redirect=%2Faccount%2Fuploads',
    },
    signedInCta: { label: 'Upload your results', href: '/account/uploads' },
    secondaryCta: { label: 'How to export your results', href: '/upload-results/how-to-export' },
    offerKey: null,
    sections: [
      {
        kind: 'steps',
        title: 'Three steps',
        intro: null,
        items: [
          {
            title: 'Export your results',
            text: 'Download them from your patient portal: its FHIR or CSV export if it has one (Apple Health too), else the PDF. Our guide shows you how.',
          },
          {
            title: 'Upload it',
            text: 'Drop the file into your free account. We read FHIR and CSV files for you; from a PDF or a photo we suggest the values and you confirm them.',
          },
          {
            title: 'Understand it',
            text: 'See each marker against its range, explained in plain words, with trends across every upload. It informs; it does not diagnose.',
          },
        ],
      },
      {
        kind: 'cta',
        title: 'Not sure how to get the PDF?',
        text: 'Most patient portals let you download results in a few clicks.',
        cta: { label: 'Read the export guide', href: '/upload-results/how-to-export' },
      },
    ],
  },
  'how-to-export': {
    eyebrow: 'Guide',
    title: 'How to export your results',
    lead: 'Most patient portals let you download lab results as a PDF in a few clicks. Pick your portal below and follow the steps.',
    highlights: [],
    primaryCta: { label: 'Back to upload', href: '/upload-results' },
    secondaryCta: null,
    offerKey: null,
    sections: [
      {
        kind: 'guide',
        title: 'Step by step, by portal',
        intro: 'Menus differ a little between clinics; look for the closest match.',
        portals: [
          {
            id: 'mychart',
            name: 'MyChart (Epic)',
            steps: [
              'Log in to MyChart on a computer, not the app.',
              'Open "Health" and choose "Test Results".',
              'Open the result you want and choose "Print" or "Download".',
              'In the print window, pick "Save as PDF" as the printer.',
            ],
            tip: 'Some clinics only release results after your doctor has reviewed them.',
          },
          {
            id: 'quest',
            name: 'Quest Diagnostics (MyQuest)',
            steps: [
              'Log in to MyQuest and open "Results".',
              'Choose the test date you want.',
              'Select "View PDF", then download the file.',
            ],
            tip: null,
          },
          {
            id: 'labcorp',
            name: 'Labcorp Patient',
            steps: [
              'Log in to Labcorp Patient and open "Results".',
              'Select the result, then "Download" or "Print".',
              'Save the file as a PDF.',
            ],
            tip: null,
          },
          {
            id: 'other',
            name: 'Any other portal',
            steps: [
              'Find the section named "Results", "Labs" or "Test results".',
              'Open one result and look for "Download", "Export" or "Print".',
              'If only Print exists, choose "Save as PDF" as the printer.',
              'Still stuck? Ask your clinic for a PDF copy by email.',
            ],
            tip: 'A clear photo of a paper report works too.',
          },
        ],
      },
      {
        kind: 'cta',
        title: 'Got your PDF?',
        text: 'Upload it to your free account and see every marker explained.',
        cta: { label: 'Upload results', href: '/upload-results' },
      },
    ],
  },
};

export const QUIZ_CONTENT: QuizContent = {
  title: 'Which test is right for me?',
  lead: 'Answer five short questions and we will suggest a test. It takes about a minute and needs no sign-up.',
  questions: [
    {
      id: 'sex',
      prompt: 'What sex were you assigned at birth?',
      help: 'Some reference ranges differ by sex. Your answer stays on this device.',
      options: [
        { value: 'female', label: 'Female' },
        { value: 'male', label: 'Male' },
        { value: 'prefer_not', label: 'Prefer not to say' },
      ],
    },
    {
      id: 'age',
      prompt: 'How old are you?',
      help: null,
      options: [
        { value: 'under_30', label: 'Under 30' },
        { value: '30_44', label: '30 to 44' },
        { value: '45_59', label: '45 to 59' },
        { value: '60_plus', label: '60 or older' },
      ],
    },
    {
      id: 'goal',
      prompt: 'What matters most to you right now?',
      help: null,
      options: [
        { value: 'checkup', label: 'A general check-up' },
        { value: 'heart', label: 'My heart and cholesterol' },
        { value: 'energy', label: 'Energy, weight and blood sugar' },
        { value: 'track', label: 'Tracking changes over time' },
      ],
    },
    {
      id: 'history',
      prompt: 'Does a parent or sibling have heart disease or diabetes?',
      help: null,
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
        { value: 'not_sure', label: 'I am not sure' },
      ],
    },
    {
      id: 'frequency',
      prompt: 'How often would you like to test?',
      help: 'Testing regularly shows trends, not just a snapshot.',
      options: [
        { value: 'once', label: 'Just once for now' },
        { value: 'monthly', label: 'Every month' },
        { value: 'quarterly', label: 'Every three months' },
        { value: 'yearly', label: 'Once a year' },
      ],
    },
  ],
  sexQuestionId: 'sex',
  rules: [
    {
      when: { goal: ['heart'] },
      offerKey: 'heart-metabolic-program',
      reason:
        'You want to focus on your heart. The program adds ApoB and Lp(a) to the standard lipids and re-tests every quarter with a clinician consult.',
    },
    {
      when: { history: ['yes'], age: ['45_59', '60_plus'] },
      offerKey: 'heart-metabolic-program',
      reason:
        'With a family history and your age, the markers that predict heart and metabolic risk early are worth watching every quarter.',
    },
    {
      when: { frequency: ['monthly'] },
      offerKey: 'bloodwise-monthly',
      reason:
        'You want to test every month: a monthly plan sends a complete panel each month at the lowest price per kit.',
    },
    {
      when: { frequency: ['quarterly'] },
      offerKey: 'bloodwise-quarterly',
      reason:
        'Every three months is enough to see the effect of changes you make, and it is the rhythm most members choose.',
    },
    {
      when: { goal: ['track', 'energy'] },
      offerKey: 'bloodwise-quarterly',
      reason:
        'Tracking energy and blood sugar works best with a result every three months, so you can see trends.',
    },
    {
      when: { frequency: ['yearly'] },
      offerKey: 'bloodwise-annual',
      reason:
        'A yearly complete panel is a simple way to keep an eye on the basics between check-ups.',
    },
  ],
  fallback: {
    offerKey: 'bloodwise-kit',
    reason:
      'A one-time complete panel gives you a full baseline of 12 core markers, with no commitment.',
  },
};

/** The stored documents, by key: 'main-page', 'quiz', 'biomarker-guide' and 'page:<page key>'. */
export function catalogContentDocuments(): Record<string, unknown> {
  return {
    'main-page': MAIN_PAGE_CONTENT,
    quiz: QUIZ_CONTENT,
    'biomarker-guide': BIOMARKER_GUIDE,
    ...Object.fromEntries(
      Object.entries(CONTENT_PAGES).map(([key, page]) => [`page:${key}`, page]),
    ),
  };
}
