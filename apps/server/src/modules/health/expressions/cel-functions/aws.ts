import { defineCelFunctions, fn } from './function-family.ts';
import { entriesOf, listOf, textOf } from './values.ts';

/** gomplate's fromAWSMap: `[{Name: k, Value: v}, …]` (AWS dimensions, tags) as one map. */
function fromAwsMap(list: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of listOf(list)) {
    const fields = new Map(entriesOf(item));
    out.set(textOf(fields.get('Name')), textOf(fields.get('Value')));
  }
  return out;
}

export const awsFunctions = defineCelFunctions({
  family: 'aws',
  namespaces: ['aws'],
  functions: [
    fn('aws.fromAWSMap(list): map<string, string>', fromAwsMap),
    fn('fromAWSMap(list): map<string, string>', fromAwsMap),
  ],
});
