// The biomarker guide: plain words on every biomarker of the shop's catalogue, stored as catalog
// content (key `biomarker-guide`) so the catalog team can edit it. It explains; it never diagnoses.
import type { BiomarkerExplanation, BiomarkerGuide } from '@shop/shared/contract/results';

type Entry = Omit<BiomarkerExplanation, 'key'>;

const SEE_DOCTOR_IF_FLAGGED =
  'Talk to a doctor if it is flagged, especially on more than one test or with symptoms.';

const ENTRIES: Record<string, Entry> = {
  'total-cholesterol': {
    name: 'Total cholesterol',
    measures: 'All the cholesterol carried in your blood: LDL, HDL and the rest together.',
    high: 'Can mean more cholesterol than your body clears, which over years can add to the build-up in arteries. Read it together with LDL and HDL.',
    low: 'Usually not a concern; very low values sometimes come with poor nutrition, an overactive thyroid or liver problems.',
    doctor:
      'Talk to a doctor about your heart risk as a whole if it is high, especially with a family history of heart disease.',
  },
  'ldl-cholesterol': {
    name: 'LDL cholesterol',
    measures:
      'The cholesterol carried by low-density lipoproteins, the kind that can build up in artery walls.',
    high: 'Over years, a high LDL adds to the risk of heart disease and stroke. Diet, exercise, weight and genes all play a part.',
    low: 'Low LDL is generally good for the heart; very low values without treatment are uncommon and worth mentioning to a doctor.',
    doctor:
      'Talk to a doctor if it stays high, or is very high (190 mg/dL or more), or if heart disease runs in your family.',
  },
  'hdl-cholesterol': {
    name: 'HDL cholesterol',
    measures:
      'The cholesterol carried by high-density lipoproteins, which take cholesterol back to the liver.',
    high: 'A higher HDL usually goes with lower heart risk; extremely high values are rare and not always protective.',
    low: 'A low HDL is linked to higher heart risk. Inactivity, smoking, extra weight and high blood sugar can lower it.',
    doctor: 'Talk to a doctor if it is low together with a high LDL or triglycerides.',
  },
  'non-hdl-cholesterol': {
    name: 'Non-HDL cholesterol',
    measures:
      'Total cholesterol minus HDL: all the cholesterol in particles that can build up in arteries.',
    high: 'Like LDL, a high value adds to heart risk over the years.',
    low: 'Low values are generally good for the heart.',
    doctor: 'Talk to a doctor if it stays high, especially with other heart risks.',
  },
  triglycerides: {
    name: 'Triglycerides',
    measures:
      'Fat carried in the blood, mostly from food and from extra sugar and alcohol the body stores.',
    high: 'Can come from a recent meal, alcohol, extra weight or high blood sugar; high values add to heart risk, and very high values can inflame the pancreas.',
    low: 'Usually not a concern.',
    doctor:
      'Talk to a doctor if it is high on a fasting test, and promptly if it is very high (500 mg/dL or more).',
  },
  'apolipoprotein-b': {
    name: 'Apolipoprotein B',
    measures:
      'The number of particles that can carry cholesterol into artery walls (one ApoB per particle).',
    high: 'More of these particles means more chances for build-up in arteries, even when LDL looks normal.',
    low: 'Generally good for the heart.',
    doctor: 'Talk to a doctor if it is high, especially with a family history of heart disease.',
  },
  'lipoprotein-a': {
    name: 'Lipoprotein(a)',
    measures: 'A cholesterol-carrying particle whose level is mostly set by your genes.',
    high: 'A high Lp(a) adds to heart and stroke risk; it changes little with diet or exercise.',
    low: 'Low values are the most common and are not a concern.',
    doctor:
      'Talk to a doctor if it is high: it matters for how your other heart risks are managed, and for your family.',
  },
  glucose: {
    name: 'Glucose (fasting)',
    measures: 'The sugar in your blood after not eating for at least 8 hours.',
    high: 'Can mean the body is not handling sugar as well as it should (prediabetes or diabetes); a test taken after eating also reads high.',
    low: 'Can come from a long fast, hard exercise or some medicines; it can make you shaky, sweaty or confused.',
    doctor:
      'Talk to a doctor if a fasting value is high on two tests, and straight away if you have symptoms of very low or very high sugar.',
  },
  hba1c: {
    name: 'HbA1c',
    measures:
      'The share of haemoglobin with sugar attached: your average blood sugar over about three months.',
    high: 'Means blood sugar has been running high; 5.7–6.4 % is often called prediabetes and 6.5 % or more can mean diabetes.',
    low: 'Uncommon; it can read low after blood loss or with some blood conditions.',
    doctor: 'Talk to a doctor if it is 5.7 % or higher, so it can be confirmed and followed.',
  },
  insulin: {
    name: 'Insulin (fasting)',
    measures: 'The hormone that moves sugar from the blood into cells, measured after a fast.',
    high: 'Can mean the body needs more insulin than usual to keep sugar normal (insulin resistance), often before blood sugar rises.',
    low: 'Together with high sugar it can mean the body makes too little insulin.',
    doctor: 'Talk to a doctor if it is high, or low with a high glucose.',
  },
  alt: {
    name: 'ALT',
    measures:
      'An enzyme mostly found in the liver; it leaks into the blood when liver cells are irritated.',
    high: 'Can come from fatty liver, alcohol, some medicines or supplements, hepatitis, or hard exercise before the test.',
    low: 'Usually not a concern.',
    doctor:
      'Talk to a doctor if it stays high on a repeat test, or is several times the upper limit.',
  },
  ast: {
    name: 'AST',
    measures: 'An enzyme found in the liver, muscles and heart.',
    high: 'Can come from the liver (like ALT) or from muscle, for example after a hard workout.',
    low: 'Usually not a concern.',
    doctor: 'Talk to a doctor if it stays high, especially together with a high ALT.',
  },
  ggt: {
    name: 'GGT',
    measures: 'An enzyme of the liver and bile ducts.',
    high: 'Often rises with alcohol, fatty liver, some medicines or a blocked bile flow.',
    low: 'Usually not a concern.',
    doctor: 'Talk to a doctor if it stays high, or rises with other liver values.',
  },
  'alkaline-phosphatase': {
    name: 'Alkaline phosphatase (ALP)',
    measures: 'An enzyme from the liver, bile ducts and bones.',
    high: 'Can come from the bile ducts or liver, or from bone growth and healing; it is normally higher in teenagers and in pregnancy.',
    low: 'Uncommon; it can go with low zinc or magnesium or poor nutrition.',
    doctor: 'Talk to a doctor if it stays high, or if it is high with other liver values.',
  },
  bilirubin: {
    name: 'Bilirubin',
    measures:
      'A yellow pigment made when old red blood cells are broken down, cleared by the liver.',
    high: 'Often a harmless inherited pattern (Gilbert’s syndrome); it can also come from liver or bile duct problems or from red cells breaking down faster.',
    low: 'Not a concern.',
    doctor:
      'Talk to a doctor if it is high with yellow skin or eyes, dark urine or other abnormal liver values.',
  },
  albumin: {
    name: 'Albumin',
    measures:
      'The main protein in blood, made by the liver; it keeps fluid in the vessels and carries substances.',
    high: 'Usually means you were a little dehydrated when tested.',
    low: 'Can come from illness, inflammation, poor nutrition, liver or kidney problems.',
    doctor: 'Talk to a doctor if it is low, especially with swelling or weight loss.',
  },
  'total-protein': {
    name: 'Total protein',
    measures: 'All the protein in the blood: albumin and the antibodies and other globulins.',
    high: 'Can come from dehydration or long-lasting inflammation, and rarely from a blood disorder.',
    low: 'Can come from poor nutrition, liver or kidney problems.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  creatinine: {
    name: 'Creatinine',
    measures:
      'A waste product of muscle that the kidneys filter out; it shows how well they filter.',
    high: 'Can mean the kidneys filter less well; it is also higher with more muscle, a meat-heavy meal, creatine supplements or dehydration.',
    low: 'Usually reflects less muscle mass and is rarely a concern.',
    doctor: 'Talk to a doctor if it is high, or rising from test to test.',
  },
  egfr: {
    name: 'eGFR',
    measures:
      'An estimate, from creatinine, age and sex, of how much blood the kidneys filter each minute.',
    high: 'Usually not a concern.',
    low: 'Below 60 for three months or more can mean chronic kidney disease; one low value can come from dehydration.',
    doctor: 'Talk to a doctor if it is below 60, or drops noticeably between tests.',
  },
  bun: {
    name: 'Blood urea nitrogen (BUN)',
    measures: 'A waste product of protein that the kidneys clear.',
    high: 'Can come from dehydration, a high-protein diet, or kidneys that filter less well.',
    low: 'Can come from a low-protein diet or liver problems; it is often not a concern.',
    doctor: 'Talk to a doctor if it is high together with a high creatinine.',
  },
  'uric-acid': {
    name: 'Uric acid',
    measures:
      'A waste product from breaking down purines (in meat, seafood, beer and your own cells).',
    high: 'Can lead to gout or kidney stones; alcohol, some foods, extra weight and some medicines raise it.',
    low: 'Rarely a concern.',
    doctor: 'Talk to a doctor if it is high with joint pain or kidney stones.',
  },
  sodium: {
    name: 'Sodium',
    measures: 'A salt that keeps your body’s water balance and nerves working.',
    high: 'Usually means too little water: not drinking enough, sweating or diarrhoea.',
    low: 'Can come from drinking a lot of water, some medicines, or heart, kidney or hormone problems.',
    doctor:
      'Talk to a doctor if it is outside the range, and straight away with confusion, headache or weakness.',
  },
  potassium: {
    name: 'Potassium',
    measures: 'A salt that keeps muscles, including the heart, working.',
    high: 'A sample that waited long or was shaken can read falsely high; true high values can come from the kidneys or some medicines.',
    low: 'Can come from vomiting, diarrhoea or water pills.',
    doctor:
      'Talk to a doctor promptly if it is outside the range: both high and low values can affect the heart rhythm.',
  },
  calcium: {
    name: 'Calcium',
    measures: 'The calcium in the blood, kept in a narrow range by hormones, bones and kidneys.',
    high: 'Can come from overactive parathyroid glands, too much vitamin D, or other conditions.',
    low: 'Can come from low vitamin D, low albumin or low magnesium.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  hemoglobin: {
    name: 'Haemoglobin',
    measures: 'The protein in red blood cells that carries oxygen.',
    high: 'Can come from smoking, living at altitude, dehydration, testosterone use, or rarely a bone-marrow condition.',
    low: 'Means anaemia: often from low iron, blood loss, or low B12 or folate; it can make you tired and short of breath.',
    doctor:
      'Talk to a doctor if it is low or high, and straight away if it is very low or you feel faint or breathless.',
  },
  hematocrit: {
    name: 'Haematocrit',
    measures: 'The share of your blood’s volume taken up by red blood cells.',
    high: 'Often goes with dehydration, smoking or testosterone use.',
    low: 'Usually goes with a low haemoglobin (anaemia).',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  wbc: {
    name: 'White blood cells',
    measures: 'The number of white blood cells, which fight infection.',
    high: 'Often means the body is fighting an infection or inflammation; stress, smoking and some medicines also raise it.',
    low: 'Can come from a recent viral infection, some medicines, or a bone-marrow problem.',
    doctor: 'Talk to a doctor if it stays outside the range, or is far outside it.',
  },
  rbc: {
    name: 'Red blood cells',
    measures: 'The number of red blood cells, which carry oxygen.',
    high: 'Can come from dehydration, smoking or living at altitude.',
    low: 'Usually goes with anaemia.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  platelets: {
    name: 'Platelets',
    measures: 'The cells that help blood clot.',
    high: 'Can follow an infection, inflammation or low iron; rarely a bone-marrow condition.',
    low: 'Can come from a viral infection, alcohol, some medicines or other conditions; very low values make bleeding easier.',
    doctor:
      'Talk to a doctor if it is outside the range, and straight away if it is very low or you bruise or bleed easily.',
  },
  mcv: {
    name: 'Mean cell volume (MCV)',
    measures: 'The average size of your red blood cells.',
    high: 'Large cells can go with low B12 or folate, alcohol or some medicines.',
    low: 'Small cells often go with low iron.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  ferritin: {
    name: 'Ferritin',
    measures: 'The protein that stores iron: it shows how much iron your body keeps in reserve.',
    high: 'Can come from inflammation, infection, liver problems or too much iron (haemochromatosis).',
    low: 'Means the iron stores are low, often before anaemia shows; common with heavy periods or little iron in the diet.',
    doctor: 'Talk to a doctor if it is low, or high on a repeat test.',
  },
  iron: {
    name: 'Iron',
    measures:
      'The iron in your blood at the time of the test; it changes through the day and with meals.',
    high: 'Can come from supplements or iron overload.',
    low: 'Can come from low iron stores, blood loss or inflammation; read it with ferritin.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  testosterone: {
    name: 'Testosterone',
    measures:
      'The main male sex hormone, also made in smaller amounts in women; highest in the morning.',
    high: 'In men often from testosterone use; in women it can go with polycystic ovary syndrome.',
    low: 'In men it can come with tiredness, low sex drive and less muscle; sleep, weight, illness and some medicines lower it.',
    doctor:
      'Talk to a doctor if it is outside the range on a morning test, especially with symptoms.',
  },
  'free-testosterone': {
    name: 'Free testosterone',
    measures: 'The part of testosterone not bound to proteins, which the body can use.',
    high: 'Has the same causes as a high testosterone.',
    low: 'Can be low even when total testosterone looks normal, for example with a high SHBG.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  estradiol: {
    name: 'Oestradiol',
    measures:
      'The main female sex hormone, also made in smaller amounts in men; in women it changes through the cycle.',
    high: 'Depends on the day of the cycle in women; in men it can go with extra weight or testosterone use.',
    low: 'Normal after menopause; before it, it can go with missed periods.',
    doctor: 'Talk to a doctor if it does not fit your cycle, age or symptoms.',
  },
  cortisol: {
    name: 'Cortisol',
    measures: 'The stress hormone, made by the adrenal glands; highest in the morning.',
    high: 'Can come from stress, poor sleep, illness or steroid medicines; rarely from a gland problem.',
    low: 'Can come from steroid medicines stopped suddenly, or rarely from adrenal glands that make too little.',
    doctor:
      'Talk to a doctor if it is outside the range on a morning test, especially with weakness or weight changes.',
  },
  'dhea-s': {
    name: 'DHEA-S',
    measures:
      'A hormone from the adrenal glands that the body turns into sex hormones; it falls with age.',
    high: 'Can go with polycystic ovary syndrome or supplements.',
    low: 'Usually reflects age.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  shbg: {
    name: 'SHBG',
    measures:
      'The protein that carries sex hormones in the blood and decides how much of them is free.',
    high: 'Can lower free testosterone; it rises with age, an overactive thyroid and some medicines.',
    low: 'Often goes with extra weight or insulin resistance.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  tsh: {
    name: 'TSH',
    measures:
      'The brain’s signal to the thyroid to make hormones: the first check of how the thyroid works.',
    high: 'Usually means the thyroid is making too little hormone (underactive), which can bring tiredness, weight gain and feeling cold.',
    low: 'Usually means the thyroid is making too much (overactive), which can bring a racing heart, weight loss and anxiety.',
    doctor: 'Talk to a doctor if it is outside the range, so it can be repeated with free T4.',
  },
  'free-t4': {
    name: 'Free T4',
    measures: 'The main thyroid hormone, in the form the body can use.',
    high: 'Usually goes with an overactive thyroid or too much thyroid medicine.',
    low: 'Usually goes with an underactive thyroid.',
    doctor: 'Talk to a doctor if it is outside the range, read together with TSH.',
  },
  'free-t3': {
    name: 'Free T3',
    measures: 'The active thyroid hormone, in the form the body can use.',
    high: 'Can go with an overactive thyroid.',
    low: 'Can go with an underactive thyroid or any serious illness.',
    doctor: 'Talk to a doctor if it is outside the range, read together with TSH and free T4.',
  },
  'vitamin-d': {
    name: 'Vitamin D',
    measures:
      'Your vitamin D stores (25-hydroxy vitamin D), made in skin in sunlight and taken in food and supplements.',
    high: 'Almost always from taking a lot of supplements; very high values can raise calcium.',
    low: 'Common, especially in winter; low vitamin D affects bones and muscles.',
    doctor: 'Talk to a doctor about how much to take if it is low, and if it is very high.',
  },
  'vitamin-b12': {
    name: 'Vitamin B12',
    measures: 'A vitamin needed for red blood cells and nerves, found in animal foods.',
    high: 'Usually from supplements; rarely a sign of liver or blood conditions.',
    low: 'Can come from a vegan diet, some medicines (like metformin) or poor absorption; it can cause anaemia, tingling and tiredness.',
    doctor: 'Talk to a doctor if it is low, especially with tingling or numbness.',
  },
  folate: {
    name: 'Folate',
    measures: 'A B vitamin needed to make cells, found in leafy greens and fortified foods.',
    high: 'Usually from supplements or fortified foods.',
    low: 'Can come from the diet, alcohol or poor absorption; it matters before and in pregnancy.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  magnesium: {
    name: 'Magnesium',
    measures: 'A mineral needed by muscles, nerves and the heart.',
    high: 'Uncommon; it can come from supplements or laxatives when the kidneys filter less well.',
    low: 'Can come from the diet, alcohol, diarrhoea or some medicines; it can cause cramps.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
  'hs-crp': {
    name: 'hs-CRP',
    measures: 'A sensitive measure of inflammation in the body.',
    high: 'A mildly high value can go with higher heart risk; a clearly high one usually means an infection or injury at the time of the test.',
    low: 'Low is good.',
    doctor: 'Talk to a doctor if it stays high on a test taken while you are well.',
  },
  homocysteine: {
    name: 'Homocysteine',
    measures: 'An amino acid in the blood that depends on B12, folate and B6.',
    high: 'Can come from low B vitamins, kidney problems or genes; high values are linked to heart and blood vessel risk.',
    low: 'Not a concern.',
    doctor: SEE_DOCTOR_IF_FLAGGED,
  },
};

export const BIOMARKER_GUIDE: BiomarkerGuide = {
  disclaimer:
    'These explanations inform; they do not diagnose. A value outside its range is not a diagnosis, and a value inside it does not rule anything out. Talk to a doctor about your results, and straight away if you feel unwell.',
  biomarkers: Object.entries(ENTRIES).map(([key, entry]) => ({ key, ...entry })),
};
