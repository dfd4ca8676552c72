import { parse } from 'yaml';
import { asText, defineParameterKind, propertyText } from '../parameter-kind.ts';

/** code: text in an editor; JSON and YAML must parse. */
export const codeParameter = defineParameterKind({
  type: 'code',
  async check(value, parameter) {
    const text =
      typeof value === 'object' && value !== null ? JSON.stringify(value) : asText(value);
    if (text === undefined) return { error: 'must be text' };
    const language = propertyText(parameter, 'language')?.toLowerCase();
    try {
      if (language === 'json') JSON.parse(text);
      if (language === 'yaml') parse(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return { error: `is not valid ${language?.toUpperCase() ?? ''}: ${reason}` };
    }
    return { value: text };
  },
});
