import axios from 'axios';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { fetchUpgradePurchased } from '../src/features/offers/api/upgrades-api';
import { createFakeUpgradesApi } from './support/fake-upgrades-api';

function clients() {
  const api: ApiClients = {
    connect: axios.create(),
    payments: axios.create(),
    content: axios.create(),
  };
  const fake = createFakeUpgradesApi({ bought: ['easy-draw'] });
  fake.install({ api });
  return { api, fake };
}

describe('fetchUpgradePurchased', () => {
  it.each([[''], ['undefined'], [null], [undefined]])(
    'answers false for paymentId %p without calling the API',
    async (paymentId) => {
      const { api, fake } = clients();
      await expect(fetchUpgradePurchased(api, paymentId, 'easy-draw')).resolves.toBe(false);
      expect(fake.requests).toEqual([]);
    },
  );

  it('asks the API for a real payment id', async () => {
    const { api, fake } = clients();
    await expect(fetchUpgradePurchased(api, 'pi_123', 'easy-draw')).resolves.toBe(true);
    await expect(fetchUpgradePurchased(api, 'pi_123', 'mini-panel')).resolves.toBe(false);
    expect(fake.requests.map((request) => request.params)).toEqual([
      { paymentId: 'pi_123', type: 'easy-draw' },
      { paymentId: 'pi_123', type: 'mini-panel' },
    ]);
  });
});
