import { serverMessage, type ResourceScreenOptions } from '@core/sdk/web';
import { testEventAnswer } from './test-event-answer';
import { TestEventDialog, type TestEventOutcome } from './TestEventDialog';

/**
 * Conversion API: "Send test event" sends one event with the pixel's test event code and shows
 * what the platform answered, or the refusal, in a dialog; the list is read again (tested at).
 */
export const conversionApisScreenOptions: ResourceScreenOptions = {
  rowActionRunners: {
    'test-event': async (record, { api, reload, showDialog }) => {
      let outcome: TestEventOutcome;
      try {
        const answer = testEventAnswer(await api.rowAction(record.id, 'test-event'));
        // The screen's failure toast: the route broke its contract.
        if (!answer) throw new Error('The test event answered in an unknown shape.');
        outcome = { kind: 'answer', answer };
      } catch (error) {
        const message = serverMessage(error);
        if (message === null) throw error;
        outcome = { kind: 'refused', message };
      }
      const pixel = typeof record.pixel_id === 'string' ? record.pixel_id : `#${record.id}`;
      showDialog((close) => <TestEventDialog pixel={pixel} outcome={outcome} onClose={close} />);
      void reload();
    },
  },
};
