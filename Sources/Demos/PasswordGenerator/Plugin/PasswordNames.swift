import DemoKit
import PasswordGeneratorModel

/// The words the window shows for the model's values, in the interface
/// language.
extension PasswordGeneratorView {
    static func name(of option: Option) -> String {
        switch option {
        case .showsPhonetics: localized("Show Phonetics")
        case .lowerCase: localized("Include Lower Case")
        case .upperCase: localized("Include Upper Case")
        case .numbers: localized("Include Numbers")
        case .punctuation: localized("Include Punctuation")
        case .avoidsLookAlikes: localized("Avoid Look-Alikes")
        }
    }

    /// What a screen reader says of a new password: what it is, then the
    /// password and its strength line (the bare password left a listener
    /// guessing what was heard).
    static func announcement(of password: String, strength: String) -> String {
        localized("New password: {password}. {strength}.").filling(["password": password, "strength": strength])
    }

    static func mnemonic(of option: Option) -> String {
        switch option {
        case .showsPhonetics: localized("Show _Phonetics")
        case .lowerCase: localized("Include Lo_wer Case")
        case .upperCase: localized("Include _Upper Case")
        case .numbers: localized("Include _Numbers")
        case .punctuation: localized("Include Punc_tuation")
        case .avoidsLookAlikes: localized("Avoid Look-_Alikes")
        }
    }

    static func name(of rating: Strength.Rating) -> String {
        switch rating {
        case .poor: localized("Poor")
        case .weak: localized("Weak")
        case .good: localized("Good")
        case .excellent: localized("Excellent")
        }
    }

    /// A phonetic word in the interface language: NATO words stay as they
    /// are; digits and punctuation are translated.
    static func localizedName(_ word: PhoneticWord) -> String {
        switch word {
        case .letter, .other: return word.english
        case .digit(let digit):
            switch digit {
            case 0: return localized("Zero")
            case 1: return localized("One")
            case 2: return localized("Two")
            case 3: return localized("Three")
            case 4: return localized("Four")
            case 5: return localized("Five")
            case 6: return localized("Six")
            case 7: return localized("Seven")
            case 8: return localized("Eight")
            case 9: return localized("Nine")
            default: return word.english
            }
        case .punctuation(let mark):
            switch mark {
            case "~": return localized("Tilde")
            case "!": return localized("Exclamation Point")
            case "?": return localized("Question Mark")
            case "#": return localized("Pound Sign")
            case "%": return localized("Percent Sign")
            case "^": return localized("Caret")
            case "&": return localized("Ampersand")
            case "*": return localized("Asterisk")
            case "(": return localized("Left Parenthesis")
            case ")": return localized("Right Parenthesis")
            default: return word.english
            }
        }
    }
}
