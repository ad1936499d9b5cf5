import { resources } from '@buergerfit/locales';
import { initI18n } from '@buergerfit/platform';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

beforeAll(async () => {
  await initI18n(
    {
      de: { shell: resources.de.shell },
      en: { shell: resources.en.shell },
      hr: { shell: resources.hr.shell },
    },
    'en',
  );
});
afterEach(() => cleanup());
