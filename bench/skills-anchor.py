#!/usr/bin/env python3
"""Seed 003's algorithm in Python, as the seed describes it: the anchor of `npm run bench skills` and
the reference the skills tests compare our output with.

    skills-anchor.py skills CATALOG OUT [--lazy]   write one skill per online server with tools
    skills-anchor.py data CATALOG                   print the seed's data (typed JSON, see below)
    skills-anchor.py load FILE                      print a YAML file as PyYAML safe_load reads it
    skills-anchor.py dump JSON YAML                 write a JSON catalog as YAML, the way PyYAML writes it
    skills-anchor.py measure CMD ARGS...            run a command; print its wall time (s) and peak RSS (KB)
    skills-anchor.py styles CASES.json DIR          write each JSON value in several PyYAML styles; print them typed
    skills-anchor.py loadmany FILE...               print each YAML file as PyYAML reads it (typed), or its error

The catalog is read with PyYAML and libyaml (CSafeLoader: the C parser that CLoader also uses, with
safe_load's constructors), as the seed's tooling reads it. `data` prints, per usable server, what
convert_tools_to_yaml_dict() returns and the parameter lines of generate_skill_md(), so a test can
compare them with ours value by value. Values are printed as typed JSON so nothing is lost on the way:
{"int": "123"}, {"float": "1.0"}, {"str": "x"}, {"bool": true}, null, {"ts": "2024-01-01"},
{"list": [...]}, {"map": [[key, value], ...]} (keys as str(), in order).
"""
import json
import os
import sys

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


# ---- the seed's two functions (seed 003, 実装仕様詳細)

def convert_tools_to_yaml_dict(tools, mcp_config=None, skill_name=None):
    result = {}
    for tool in tools:
        name = tool.get("name", "")
        schema = tool.get("inputSchema", tool.get("parameters", {}))
        properties = schema.get("properties", {})
        required = schema.get("required", [])

        params = {}
        for pname, pspec in properties.items():
            params[pname] = {
                "type": pspec.get("type", "any"),
                "description": pspec.get("description", ""),
            }
            for key, value in pspec.items():
                if key not in ("type", "description"):
                    params[pname][key] = value

        result[name] = {
            "description": tool.get("description", ""),
            "required": required,
            "parameters": params,
        }
    return result


def tool_docs(tools):
    """The parameter part of generate_skill_md() (full mode), one block per tool."""
    docs = []
    for tool in tools:
        name = tool.get("name", "")
        desc = tool.get("description", "")
        schema = tool.get("inputSchema", tool.get("parameters", {}))
        properties = schema.get("properties", {})

        params_doc = []
        for pname, pspec in properties.items():
            ptype = pspec.get("type", "any")
            pdesc = pspec.get("description", "")
            required = pname in schema.get("required", [])
            req_mark = "*" if required else ""

            extras = []
            if "default" in pspec:
                extras.append(f"default: {pspec['default']}")
            if "enum" in pspec:
                extras.append(f"options: {pspec['enum']}")
            if "minimum" in pspec:
                extras.append(f"min: {pspec['minimum']}")
            if "maximum" in pspec:
                extras.append(f"max: {pspec['maximum']}")
            if "items" in pspec and isinstance(pspec["items"], dict) and "enum" in pspec["items"]:
                extras.append(f"options: {pspec['items']['enum']}")

            extra_str = f" [{', '.join(extras)}]" if extras else ""
            params_doc.append(f"  - `{pname}`{req_mark} ({ptype}): {pdesc}{extra_str}")
        docs.append({"name": str(name), "description": str(desc), "parameters": params_doc})
    return docs


def generate_skill_md(server, tools, skill_name, lazy=False):
    head = f"---\nname: {skill_name}\ndescription: MCP server {server['id']}\n---\n\n# {server['id']}\n\n"
    if lazy:
        lines = [f"- `{t.get('name', '')}`: {t.get('description', '')}" for t in tools]
        return head + "## Tools\n\n" + "\n".join(lines) + "\n\nParameters: references/tools.yaml\n"
    blocks = []
    for doc in tool_docs(tools):
        blocks.append("\n".join([f"### {doc['name']}", doc["description"], "", "**Parameters:**", *doc["parameters"]]))
    return head + "## Tools\n\n" + "\n\n".join(blocks) + "\n"


def usable(servers):
    for server in servers:
        if isinstance(server, dict) and server.get("status", "online") == "online" and server.get("tools"):
            yield server


def skill_name(server_id):
    out = "".join(c if c.isalnum() else "-" for c in str(server_id).lower()).strip("-")
    return out[:64] or "server"


def load_catalog(path):
    """A .json catalog as Python's json reads it, anything else as PyYAML (libyaml) reads it."""
    with open(path, encoding="utf-8") as f:
        return json.load(f) if path.endswith(".json") else yaml.load(f, Loader=Loader)


def write_skills(catalog_path, out, lazy):
    catalog = load_catalog(catalog_path)
    count = 0
    for server in usable(catalog["servers"]):
        name = skill_name(server["id"])
        folder = os.path.join(out, name)
        os.makedirs(folder, exist_ok=True)
        tools = server["tools"]
        with open(os.path.join(folder, "SKILL.md"), "w", encoding="utf-8") as f:
            f.write(generate_skill_md(server, tools, name, lazy))
        if lazy:
            os.makedirs(os.path.join(folder, "references"), exist_ok=True)
            with open(os.path.join(folder, "references", "tools.yaml"), "w", encoding="utf-8") as f:
                yaml.dump(convert_tools_to_yaml_dict(tools), f, Dumper=Dumper, allow_unicode=True,
                          sort_keys=False, default_flow_style=False)
        count += 1
    print(f"wrote {count} skills", file=sys.stderr)


# ---- typed JSON

def typed(value):
    if value is None:
        return None
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"int": str(value)}
    if isinstance(value, float):
        return {"float": repr(value)}
    if isinstance(value, str):
        return {"str": value}
    if isinstance(value, list):
        return {"list": [typed(v) for v in value]}
    if isinstance(value, dict):
        return {"map": [[k if isinstance(k, str) else str(k), typed(v)] for k, v in value.items()]}
    if hasattr(value, "isoformat"):
        return {"ts": str(value)}
    return {"other": repr(value)}


def main(argv):
    if len(argv) >= 3 and argv[0] == "skills":
        write_skills(argv[1], argv[2], "--lazy" in argv[3:])
    elif len(argv) == 2 and argv[0] == "data":
        catalog = load_catalog(argv[1])
        out = []
        for server in usable(catalog["servers"]):
            out.append({
                "id": str(server["id"]),
                "lazy": typed(convert_tools_to_yaml_dict(server["tools"])),
                "full": tool_docs(server["tools"]),
            })
        json.dump(out, sys.stdout, ensure_ascii=True)
    elif len(argv) == 3 and argv[0] == "dump":
        with open(argv[1], encoding="utf-8") as f:
            data = json.load(f)
        with open(argv[2], "w", encoding="utf-8") as f:
            yaml.dump(data, f, Dumper=Dumper, allow_unicode=True, sort_keys=False, default_flow_style=False)
    elif len(argv) >= 2 and argv[0] == "measure":
        import resource
        import subprocess
        import time
        start = time.perf_counter()
        done = subprocess.run(argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(json.dumps({"code": done.returncode, "seconds": seconds, "maxRssKb": peak,
                          "stderr": done.stderr.decode("utf-8", "replace")[-2000:]}))
    elif len(argv) == 3 and argv[0] == "styles":
        with open(argv[1], encoding="utf-8") as f:
            cases = json.load(f)
        styles = {
            "block": dict(default_flow_style=False, allow_unicode=True),
            "leaves-flow": dict(default_flow_style=None, allow_unicode=True),
            "flow": dict(default_flow_style=True, allow_unicode=True),
            "ascii-narrow": dict(default_flow_style=False, allow_unicode=False, width=20),
            "canonical": dict(canonical=True),
            "explicit": dict(explicit_start=True, explicit_end=True, indent=4),
        }
        for i, case in enumerate(cases):
            for name, options in styles.items():
                with open(os.path.join(argv[2], f"{i}-{name}.yaml"), "w", encoding="utf-8") as f:
                    yaml.dump(case, f, Dumper=yaml.SafeDumper, sort_keys=False, **options)
        json.dump([typed(c) for c in cases], sys.stdout, ensure_ascii=True)
    elif len(argv) >= 2 and argv[0] == "loadmany":
        out = []
        for path in argv[1:]:
            try:
                with open(path, encoding="utf-8") as f:
                    out.append(typed(yaml.load(f, Loader=Loader)))
            except Exception as error:  # noqa: BLE001 - reported to the test
                out.append({"error": str(error)})
        json.dump(out, sys.stdout, ensure_ascii=True)
    elif len(argv) == 2 and argv[0] == "load":
        with open(argv[1], encoding="utf-8") as f:
            json.dump(typed(yaml.load(f, Loader=Loader)), sys.stdout, ensure_ascii=True)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
