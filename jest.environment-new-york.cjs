// A jsdom test environment whose clock reads in America/New_York, where UTC midnight is still the
// evening before: a test file opts in through a jest-environment docblock naming this file. Node
// follows process.env.TZ when it changes, so the zone is set for this file and put back after it.
const { TestEnvironment } = require('jest-environment-jsdom');

class NewYorkEnvironment extends TestEnvironment {
  async setup() {
    this.zoneBefore = process.env.TZ;
    process.env.TZ = 'America/New_York';
    await super.setup();
  }

  async teardown() {
    if (this.zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = this.zoneBefore;
    await super.teardown();
  }
}

module.exports = NewYorkEnvironment;
