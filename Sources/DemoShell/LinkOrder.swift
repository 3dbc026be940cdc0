// Only an import: DemoShellStart's module map names the libraries the
// dynamic linker should search first, and the first object file linked
// decides their order. This file's object comes before main.swift's.
import DemoShellStart
