import DemoKit
import PasswordGeneratorModel

/// The front side's switches and the options they set.
extension PasswordGeneratorView {
    enum Option: CaseIterable {
        case showsPhonetics, lowerCase, upperCase, numbers, punctuation, avoidsLookAlikes
    }

    func value(of option: Option) -> Bool {
        switch option {
        case .showsPhonetics: options.showsPhonetics
        case .lowerCase: options.includesLowerCase
        case .upperCase: options.includesUpperCase
        case .numbers: options.includesNumbers
        case .punctuation: options.includesPunctuation
        case .avoidsLookAlikes: options.avoidsLookAlikes
        }
    }

    func set(_ option: Option, _ value: Bool) {
        switch option {
        case .showsPhonetics: options.showsPhonetics = value
        case .lowerCase: options.includesLowerCase = value
        case .upperCase: options.includesUpperCase = value
        case .numbers: options.includesNumbers = value
        case .punctuation: options.includesPunctuation = value
        case .avoidsLookAlikes: options.avoidsLookAlikes = value
        }
    }
}
