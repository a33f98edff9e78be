// @formrequest/skills/data: catalog data as Python's tools hold it (data/value.ts) and the readers and
// writers that keep it exact: YAML read the way PyYAML reads it, YAML written so PyYAML and YAML 1.2
// readers both read it back equal, JSON read and written as Python's json does.
export { JsonError, type JsonReadOptions, readJson } from './data/json-read.js';
export { toJson } from './data/json-write.js';
export {
  floatValue,
  fromJs,
  intValue,
  isMapping,
  type Mapping,
  PyFloat,
  sameValue,
  Timestamp,
  toJs,
  type Value,
} from './data/value.js';
export { readYaml, YamlError, type YamlReadOptions } from './data/yaml-read.js';
export { doubleQuoted, plainOk, writeYaml, yamlScalar } from './data/yaml-write.js';
export { pythonNumber, pythonRepr, pythonStr, timestampRepr, timestampStr } from './python-repr.js';
