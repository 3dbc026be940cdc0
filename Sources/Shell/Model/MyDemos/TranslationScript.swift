/// The script every exported package carries for its author's
/// translations: xgettext has no Swift parser, and the shell's own
/// `scripts/update-pot` reads only its repository. It reads the one call
/// shape the demos use, `localized` of a string literal, as that script does, into
/// `locale/DOMAIN.pot` (DOMAIN: the manifest's `TextDomain`), merges each
/// `locale/LANG.po` with it and compiles it where the shell binds a
/// plugin's catalog: `locale/LANG/LC_MESSAGES/DOMAIN.mo`. Written by
/// Export, never imported (the store writes it again).
package enum TranslationScript {
    package static let fileName = "update-translations"

    package static let text = #"""
        #!/usr/bin/env python3
        """This plugin's translations: every localized(\#u{22}...\#u{22}) of Model/ and Plugin/
        into locale/DOMAIN.pot (DOMAIN: manifest.plugin's TextDomain), then each
        locale/LANG.po merged with it (msgmerge) and compiled where Demo Shell
        looks, locale/LANG/LC_MESSAGES/DOMAIN.mo (msgfmt).
        Start a language: cp locale/DOMAIN.pot locale/LANG.po (LANG as zh_CN)."""
        import pathlib, re, subprocess, sys

        root = pathlib.Path(__file__).resolve().parent
        domain = None
        for line in (root / "manifest.plugin").read_text(encoding="utf-8").splitlines():
            if line.startswith("TextDomain="):
                domain = line.split("=", 1)[1].strip()
        if not domain:
            sys.exit("update-translations: manifest.plugin names no TextDomain: "
                     "add TextDomain=NAME to its [Plugin] group.")
        call = re.compile(r'localized\(\s*"((?:[^"\\\n]|\\.)*)"')
        found = {}
        for folder in ("Model", "Plugin"):
            for path in sorted((root / folder).rglob("*.swift")):
                text = path.read_text(encoding="utf-8")
                for match in call.finditer(text):
                    line = text.count("\n", 0, match.start()) + 1
                    found.setdefault(match.group(1), []).append(f"{path.relative_to(root)}:{line}")
        out = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
        for message, places in found.items():
            out += ["#: " + " ".join(places), f'msgid "{message}"', 'msgstr ""', ""]
        locale = root / "locale"
        locale.mkdir(exist_ok=True)
        pot = locale / f"{domain}.pot"
        pot.write_text("\n".join(out), encoding="utf-8")
        print(f"{pot.relative_to(root)}: {len(found)} strings")
        for po in sorted(locale.glob("*.po")):
            subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", str(po), str(pot)], check=True)
            mo = locale / po.stem / "LC_MESSAGES" / f"{domain}.mo"
            mo.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po)], check=True)
            print(mo.relative_to(root))

        """#
}
