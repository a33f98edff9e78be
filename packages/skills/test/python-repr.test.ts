// pythonRepr / pythonStr against what CPython 3 prints (expected strings taken from `python3 -c 'print(repr(...))'`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PyFloat, pythonNumber, pythonRepr, pythonStr } from '@formrequest/skills/data';

test('strings: quote choice and escapes follow Python', () => {
  assert.equal(pythonRepr('quad'), "'quad'");
  assert.equal(pythonRepr("it's"), '"it\'s"');
  assert.equal(pythonRepr('x"y'), "'x\"y'");
  assert.equal(pythonRepr('both\'"'), "'both\\'\"'");
  assert.equal(pythonRepr('tab\there\nline\\'), "'tab\\there\\nline\\\\'");
  assert.equal(pythonRepr('日本語 ✓ 🎉'), "'日本語 ✓ 🎉'");
  assert.equal(pythonRepr('\u200b\x7f\x00'), "'\\u200b\\x7f\\x00'");
  assert.equal(pythonRepr('\u{e0001}'), "'\\U000e0001'");
});

test('constants and containers', () => {
  assert.equal(pythonRepr(true), 'True');
  assert.equal(pythonRepr(false), 'False');
  assert.equal(pythonRepr(null), 'None');
  assert.equal(pythonRepr(['16:9', '4:3']), "['16:9', '4:3']");
  assert.equal(pythonRepr({ a: [1, 2.5], 'b c': { d: null } }), "{'a': [1, 2.5], 'b c': {'d': None}}");
  assert.equal(pythonRepr([]), '[]');
  assert.equal(pythonRepr({}), '{}');
});

test('numbers print as Python ints and floats do', () => {
  const cases: [number | bigint | PyFloat, string][] = [
    [30000, '30000'],
    [-7, '-7'],
    [0, '0'],
    [-0, '0'],
    [1.5, '1.5'],
    [0.1, '0.1'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [-2.5e-7, '-2.5e-07'],
    [123456789.5, '123456789.5'],
    // A whole JS number is a Python int; a whole float is a PyFloat.
    [1e16, '10000000000000000'],
    [18446744073709551615n, '18446744073709551615'],
    [-9007199254740993n, '-9007199254740993'],
    [new PyFloat(1), '1.0'],
    [new PyFloat(-0), '-0.0'],
    [new PyFloat(1e15), '1000000000000000.0'],
    [new PyFloat(1e16), '1e+16'],
    [new PyFloat(1e22), '1e+22'],
    [new PyFloat(1.7976931348623157e308), '1.7976931348623157e+308'],
    [Number.NaN, 'nan'],
    [Number.POSITIVE_INFINITY, 'inf'],
  ];
  for (const [n, expected] of cases) assert.equal(pythonNumber(n), expected, String(n));
});

test('str() leaves strings bare and reprs everything else', () => {
  assert.equal(pythonStr('triangle'), 'triangle');
  assert.equal(pythonStr(30000), '30000');
  assert.equal(pythonStr(false), 'False');
  assert.equal(pythonStr(['quad', 'triangle']), "['quad', 'triangle']");
});
