import {
  noteServerOpenEvent,
  noteServerTitle,
  recordServerNotes,
  titleElement,
} from './server-notes';

describe('server notes', () => {
  it('keeps what a render noted, the last title and every event, and nothing outside a render', () => {
    const made = jest.fn(() => ({ event: 'view_item' as const, params: { n: 1 } }));
    noteServerTitle('Outside');
    noteServerOpenEvent(made);
    // Outside a server render the event is not even made.
    expect(made).not.toHaveBeenCalled();

    const { result, notes } = recordServerNotes(() => {
      noteServerTitle('First');
      noteServerTitle('Pricing | Bloodwise');
      noteServerOpenEvent(made);
      // A render inside a render keeps its own notes.
      const inner = recordServerNotes(() => noteServerTitle('Inner')).notes;
      expect(inner).toEqual({ title: 'Inner', openEvents: [] });
      return 'html';
    });
    expect(result).toBe('html');
    expect(notes).toEqual({
      title: 'Pricing | Bloodwise',
      openEvents: [{ event: 'view_item', params: { n: 1 } }],
    });
  });

  it('escapes the title, so copy from the database never becomes markup', () => {
    expect(titleElement('</title><script>alert(1)</script> & more')).toBe(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>',
    );
  });
});
