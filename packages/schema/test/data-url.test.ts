// decodeDataUrl: a file answer's data URL back into its bytes (the pages that upload files use it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeDataUrl } from '@formrequest/schema';

test('base64, percent-encoded and typeless data URLs', () => {
  const base64 = decodeDataUrl('data:text/plain;base64,aGVsbG8gd29ybGQ=');
  assert.equal(base64.type, 'text/plain');
  assert.equal(new TextDecoder().decode(base64.bytes), 'hello world');
  const bytes = decodeDataUrl(
    `data:application/octet-stream;base64,${Buffer.from([0, 255, 128]).toString('base64')}`,
  );
  assert.deepEqual([...bytes.bytes], [0, 255, 128]);
  const text = decodeDataUrl('data:text/csv;charset=utf-8,a%2Cb%0A%E6%97%A5');
  assert.equal(text.type, 'text/csv');
  assert.equal(new TextDecoder().decode(text.bytes), 'a,b\n日');
  assert.deepEqual(decodeDataUrl('data:;base64,').bytes.length, 0);
  assert.equal(decodeDataUrl('data:,x').type, '');
});
