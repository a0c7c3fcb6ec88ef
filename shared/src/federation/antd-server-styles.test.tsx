/**
 * @jest-environment node
 */
// antd on the server: the styles of what rendered, for <head>; nothing for what did not.
import Button from 'antd/es/button';
import { renderToString } from 'react-dom/server';
import { antdServerStyles } from './antd-server-styles';

describe('antdServerStyles', () => {
  it('collects the styles of the antd components a root rendered, as style elements', () => {
    const antd = antdServerStyles();
    const Root = antd.wrap(({ label }: { label: string }) => (
      <Button type="primary">{label}</Button>
    ));
    const html = renderToString(<Root label="Place order" />);
    expect(html).toContain('Place order');
    expect(html).not.toContain('<style');
    const styles = antd.styles();
    expect(styles).toMatch(/^<style[^>]*>/);
    expect(styles).toContain('.ant-btn');
    expect(Root.displayName).toMatch(/^WithAntdStyles\(/);
  });

  it('has nothing to add for a root without antd', () => {
    const antd = antdServerStyles();
    const Root = antd.wrap(() => <p>plain</p>);
    renderToString(<Root />);
    expect(antd.styles()).not.toContain('.ant-');
  });
});
