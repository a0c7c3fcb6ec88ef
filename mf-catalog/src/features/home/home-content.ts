export const HOW_IT_WORKS = [
  { title: 'Order your kit', text: 'Pick a panel or a program. Your kit ships in discreet packaging within one business day.' },
  { title: 'Collect at home', text: 'A few drops from a finger prick, in about five minutes. No fasting needed for most panels.' },
  { title: 'Get your results', text: 'Ship the sample back prepaid. Results arrive online with plain-language explanations.' },
] as const;

export const FEATURED_TESTS = [
  {
    title: 'Essential health panel',
    text: 'Cholesterol, blood sugar, kidney and liver markers: a broad check-up of the basics.',
    to: '/pricing',
    linkText: 'See pricing',
  },
  {
    title: 'Heart health program',
    text: 'Quarterly testing of ApoB, Lp(a) and inflammation with a plan to lower your risk.',
    to: '/programs/heart-health',
    linkText: 'About the program',
  },
  {
    title: 'Advanced cholesterol',
    text: 'Go beyond LDL: particle counts and ApoB show your real cardiovascular risk.',
    to: '/advanced-cholesterol',
    linkText: 'Learn about lipids',
  },
] as const;
