import { behaviourForCard, brandForCard, passesLuhn, TEST_CARDS } from '../src/test-card-rules';

// Moved with the sandbox from the API's provider tests: Stripe's test-card numbers and what each does.
describe('test-card rules', () => {
  it('names brands and behaviours from the card number, and checks it with Luhn', () => {
    expect(brandForCard(TEST_CARDS.succeeds)).toBe('visa');
    expect(brandForCard('5555555555554444')).toBe('mastercard');
    expect(brandForCard('378282246310005')).toBe('amex');
    expect(brandForCard('6011111111111117')).toBe('discover');
    expect(behaviourForCard(TEST_CARDS.succeeds)).toBe('succeed');
    expect(behaviourForCard(TEST_CARDS.declined)).toBe('decline');
    expect(behaviourForCard(TEST_CARDS.insufficientFunds)).toBe('insufficient_funds');
    expect(behaviourForCard(TEST_CARDS.requiresAction)).toBe('require_action');
    expect(Object.values(TEST_CARDS).every(passesLuhn)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
});
