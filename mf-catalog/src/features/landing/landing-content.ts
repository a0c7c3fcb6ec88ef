// Copy for the catalog's landing routes; the area issue replaces each with its full screen.
export interface Landing {
  /** Path inside the catalog area, without the leading slash. */
  path: string;
  title: string;
  lead: string;
  points: string[];
  cta: { to: string; text: string };
}

export const LANDINGS: Landing[] = [
  {
    path: 'programs',
    title: 'Programs',
    lead: 'Structured testing plans with a clinician-designed schedule and coaching between kits.',
    points: ['Heart health: ApoB, Lp(a), hs-CRP every quarter', 'Metabolic health: insulin resistance and HbA1c', 'Cancel any time'],
    cta: { to: '/programs/heart-health', text: 'Explore the heart health program' },
  },
  {
    path: 'programs/heart-health',
    title: 'Heart health program',
    lead: 'Lower your cardiovascular risk with quarterly testing and a plan that adapts to your results.',
    points: ['Four kits a year', 'Advanced lipid markers', 'Personal action plan after each result'],
    cta: { to: '/pricing/heart-and-metabolic-program', text: 'See program pricing' },
  },
  {
    path: 'pricing/heart-and-metabolic-program',
    title: 'Heart and metabolic program pricing',
    lead: 'One membership covers both heart and metabolic markers, billed every six months.',
    points: ['ApoB, Lp(a), hs-CRP', 'Fasting insulin and HbA1c', 'Free shipping both ways'],
    cta: { to: '/shopping-cart?add=heart-metabolic-annual', text: 'Add the program to your cart' },
  },
  {
    path: 'products',
    title: 'Single tests',
    lead: 'Buy one test at a time, with no membership.',
    points: ['Essential panel', 'Advanced cholesterol', 'Vitamin D and iron'],
    cta: { to: '/pricing', text: 'Compare all tests' },
  },
  {
    path: 'quiz/which-test-is-right-for-me',
    title: 'Which test is right for me?',
    lead: 'Answer five short questions about your goals and history and we will suggest a panel.',
    points: ['Takes about a minute', 'No sign-up needed', 'Based on current clinical guidelines'],
    cta: { to: '/pricing', text: 'Skip the quiz and see all tests' },
  },
  {
    path: 'understand-your-health',
    title: 'Understand your health for free',
    lead: 'Start with a free mini check of your key markers and see where you stand.',
    points: ['Free results explanation', 'Upgrade to a full panel any time', 'Private and secure'],
    cta: { to: '/signup', text: 'Create a free account' },
  },
  {
    path: 'advanced-cholesterol',
    title: 'Advanced cholesterol testing',
    lead: 'LDL alone misses part of the picture. ApoB and Lp(a) show how many particles carry cholesterol in your blood.',
    points: ['ApoB particle count', 'Lipoprotein(a), tested once for life', 'Triglyceride to HDL ratio'],
    cta: { to: '/pricing', text: 'See lipid tests' },
  },
  {
    path: 'upload-results',
    title: 'Upload your lab results for free',
    lead: 'Already tested with your doctor? Upload the PDF and get every marker explained in plain language.',
    points: ['Works with most US labs', 'Keeps your history in one place', 'Free, no kit needed'],
    cta: { to: '/upload-results/how-to-export', text: 'How to export your results' },
  },
  {
    path: 'upload-results/how-to-export',
    title: 'How to export your results',
    lead: 'Most patient portals let you download results as a PDF in a few clicks.',
    points: ['Open your lab or clinic patient portal', 'Find "Test results" and choose Download or Print to PDF', 'Upload the file on the upload page'],
    cta: { to: '/upload-results', text: 'Back to upload' },
  },
];
